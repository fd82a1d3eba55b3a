import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AvatarPicker } from '@farol/ui';

/** A real PNG (a 64 px gradient), so the preview decodes like a photo would. */
async function pngFile(name = 'foto.png'): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d')!;
  const gradient = ctx.createLinearGradient(0, 0, 64, 64);
  gradient.addColorStop(0, '#60a5fa');
  gradient.addColorStop(1, '#4ade80');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 64, 64);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
  return new File([blob], name, { type: 'image/png' });
}

/** A fake camera: a canvas stream with a moving square, stopped tracks recorded for assertions. */
function fakeCamera() {
  const tracks: MediaStreamTrack[] = [];
  const provider = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    let frame = 0;
    const draw = () => {
      ctx.fillStyle = '#1e293b';
      ctx.fillRect(0, 0, 320, 240);
      ctx.fillStyle = '#60a5fa';
      ctx.fillRect(40 + (frame++ % 200), 80, 80, 80);
    };
    draw();
    const timer = setInterval(draw, 50);
    const stream = canvas.captureStream(20);
    stream.getTracks().forEach((track) => {
      tracks.push(track);
      track.addEventListener('ended', () => clearInterval(timer));
      const stop = track.stop.bind(track);
      track.stop = () => {
        clearInterval(timer);
        stop();
      };
    });
    return stream;
  };
  return { provider, tracks };
}

const rejectingCamera = (name: string) => (): Promise<MediaStream> =>
  Promise.reject(new DOMException('camera', name));

function dragEvent(type: string, file?: File) {
  const dataTransfer = new DataTransfer();
  if (file) dataTransfer.items.add(file);
  return new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer });
}

const meta = {
  title: 'UI/AvatarPicker',
  component: AvatarPicker,
  tags: ['autodocs'],
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component:
          'A foto de perfil com o seu editor: um diálogo com escolher arquivo, câmera e arrastar e soltar, e uma prévia antes de confirmar.',
      },
    },
  },
  args: { name: 'Ana Souza', onConfirm: fn(), cameraProvider: rejectingCamera('NotFoundError') },
} satisfies Meta<typeof AvatarPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

async function openPicker() {
  await userEvent.click(screen.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' }));
  return screen.findByRole('dialog', { name: 'Alterar Foto de Perfil' });
}
const dropZone = () => screen.getByRole('group', { name: 'Área para soltar a imagem' });

export const Idle: Story = {
  play: async () => {
    const dialog = await openPicker();
    await expect(within(dialog).getByText('Suporte: JPG, PNG, GIF até 5MB')).toBeVisible();
    await expect(within(dialog).getByLabelText('Escolher arquivo')).toHaveAttribute('accept', 'image/*');
    await expect(within(dialog).getByRole('button', { name: 'Usar câmera' })).toBeVisible();
    await expect(dropZone()).toHaveAttribute('data-state', 'idle');
    await expect(within(dialog).getByText('Arraste e solte uma imagem aqui')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
  },
};

export const DragOver: Story = {
  play: async () => {
    await openPicker();
    const file = await pngFile();
    dropZone().dispatchEvent(dragEvent('dragenter', file));
    await waitFor(() => expect(dropZone()).toHaveAttribute('data-state', 'drag-over'));
    await expect(screen.getByText('Solte para usar esta imagem')).toBeVisible();
    dropZone().dispatchEvent(dragEvent('dragleave'));
    await waitFor(() => expect(dropZone()).toHaveAttribute('data-state', 'idle'));
    // Leave it in the drop state for the person looking at the story.
    dropZone().dispatchEvent(dragEvent('dragenter', file));
    await waitFor(() => expect(screen.getByText('Solte para usar esta imagem')).toBeVisible());
  },
};

export const ImageAccepted: Story = {
  play: async ({ args }) => {
    await openPicker();
    const file = await pngFile();
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), file);
    const preview = await screen.findByRole('img', { name: 'Pré-visualização da nova foto' });
    await waitFor(() => expect((preview as HTMLImageElement).naturalWidth).toBe(64));
    await expect(preview.getAttribute('src')).toMatch(/^blob:/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await expect(args.onConfirm).toHaveBeenCalledWith(file);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const ImageDropped: Story = {
  play: async ({ args }) => {
    await openPicker();
    const file = await pngFile('arrastada.png');
    dropZone().dispatchEvent(dragEvent('dragenter', file));
    dropZone().dispatchEvent(dragEvent('drop', file));
    await expect(await screen.findByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
    await expect(dropZone()).toHaveAttribute('data-state', 'idle');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await expect(args.onConfirm).toHaveBeenCalledWith(file);
  },
};

export const NonImageIgnored: Story = {
  play: async ({ args }) => {
    await openPicker();
    const pdf = new File(['%PDF-1.7'], 'contrato.pdf', { type: 'application/pdf' });
    // A person can switch the browser's picker to "all files"; the accept attribute is only a hint.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Escolher arquivo'), pdf);
    dropZone().dispatchEvent(dragEvent('drop', new File(['oi'], 'nota.txt', { type: 'text/plain' })));
    // Silently ignored (spec §5): no preview, no message, nothing to confirm.
    await expect(screen.queryByRole('img', { name: 'Pré-visualização da nova foto' })).toBeNull();
    await expect(screen.queryByRole('alert')).toBeNull();
    await expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Over5MbRefused: Story = {
  play: async () => {
    await openPicker();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), big);
    await expect(await screen.findByRole('alert')).toHaveTextContent('Arquivo maior que 5MB');
    await expect(screen.queryByRole('img', { name: 'Pré-visualização da nova foto' })).toBeNull();
    await expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    // A valid file afterwards clears the message.
    await userEvent.upload(screen.getByLabelText('Escolher arquivo'), await pngFile());
    await expect(await screen.findByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};

export const CameraUnavailable: Story = {
  args: { cameraProvider: rejectingCamera('NotFoundError') },
  play: async () => {
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Usar câmera' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Nenhuma câmera encontrada.');
    // The other ways in still work.
    await expect(screen.getByLabelText('Escolher arquivo')).toBeEnabled();
  },
};

export const CameraDenied: Story = {
  args: { cameraProvider: rejectingCamera('NotAllowedError') },
  play: async () => {
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Usar câmera' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent('Permissão da câmera negada.');
  },
};

const captureCamera = fakeCamera();
export const CameraCapture: Story = {
  args: { cameraProvider: captureCamera.provider },
  play: async ({ args }) => {
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Usar câmera' }));
    const video = (await screen.findByLabelText('Imagem da câmera')) as HTMLVideoElement;
    await waitFor(() => expect(video.videoWidth).toBe(320));
    const capture = screen.getByRole('button', { name: 'Capturar' });
    await waitFor(() => expect(capture).toBeEnabled());
    await userEvent.click(capture);
    await expect(await screen.findByRole('img', { name: 'Pré-visualização da nova foto' })).toBeVisible();
    // Capturing ends the camera session.
    await expect(captureCamera.tracks.every((track) => track.readyState === 'ended')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const confirmed = (args.onConfirm as ReturnType<typeof fn>).mock.calls[0]?.[0] as File;
    await expect(confirmed).toBeInstanceOf(File);
    await expect(confirmed.type).toBe('image/png');
  },
};

const closingCamera = fakeCamera();
export const CameraStopsOnClose: Story = {
  args: { cameraProvider: closingCamera.provider },
  play: async () => {
    await openPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Usar câmera' }));
    await screen.findByRole('button', { name: 'Capturar' });
    await waitFor(() => expect(closingCamera.tracks.length).toBeGreaterThan(0));
    await expect(closingCamera.tracks.every((track) => track.readyState === 'live')).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(closingCamera.tracks.every((track) => track.readyState === 'ended')).toBe(true);
    await expect(screen.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' })).toHaveFocus();
  },
};

export const ReadOnly: Story = {
  args: { editable: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ana Souza' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Initials: Story = {
  args: { src: null },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' });
    await expect(within(trigger).getByText('AS')).toBeVisible();
  },
};

const picture =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#0ea5e9"/><circle cx="48" cy="38" r="18" fill="#e0f2fe"/><rect x="18" y="62" width="60" height="40" rx="30" fill="#e0f2fe"/></svg>',
  );

export const WithPicture: Story = {
  args: { src: picture },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Alterar foto de perfil de Ana Souza' });
    await expect(trigger.querySelector('[data-slot="avatar"]')).toHaveAttribute('data-state', 'image');
    await expect(within(trigger).queryByText('AS')).toBeNull();
  },
};
