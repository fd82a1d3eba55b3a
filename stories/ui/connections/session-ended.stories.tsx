import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SessionEnded } from '@farol/ui/connections';

const meta = {
  title: 'UI/Connections/SessionEnded',
  component: SessionEnded,
  args: { reason: 'usuario', durationSeconds: 23 * 60 + 12, onReconnect: fn() },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof SessionEnded>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Ended by the person: why, how long, "Reconectar". */
export const ByYou: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sessão encerrada' })).toBeVisible();
    await expect(canvas.getByText('Você encerrou a sessão.')).toBeVisible();
    await expect(canvas.getByText('Duração: 23 min')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reconectar' }));
    await expect(args.onReconnect).toHaveBeenCalledOnce();
  },
};

/** Ended by an administrator, named. */
export const ByAdmin: Story = {
  args: { reason: 'administrador', endedBy: 'Carla Souza' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Carla Souza encerrou esta sessão.')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot=session-ended]')).toHaveAttribute(
      'data-reason',
      'administrador',
    );
  },
};

/** Idle timeout. */
export const IdleTimeout: Story = {
  args: { reason: 'inatividade', durationSeconds: 30 * 60 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A sessão foi encerrada por inatividade.')).toBeVisible();
    await expect(canvas.getByText('Duração: 30 min')).toBeVisible();
  },
};

/** The connection's maximum duration was reached. */
export const MaximumDuration: Story = {
  args: { reason: 'duracao_maxima', durationSeconds: 8 * 3600 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A sessão atingiu a duração máxima desta conexão.')).toBeVisible();
    await expect(canvas.getByText('Duração: 8 h 00 min')).toBeVisible();
  },
};

/** The network dropped; the server's own words show under the reason. */
export const NetworkError: Story = {
  args: {
    reason: 'desconectado',
    durationSeconds: 40,
    detail: 'O servidor remoto encerrou a sessão.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('A conexão de rede caiu.')).toBeVisible();
    await expect(canvas.getByText('O servidor remoto encerrou a sessão.')).toBeVisible();
    await expect(canvas.getByText('Duração: menos de 1 min')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reconectar' })).toBeVisible();
  },
};

/** Without `onReconnect` (a watcher, say) there is no button. */
export const WithoutReconnect: Story = {
  args: { reason: 'administrador', onReconnect: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Um administrador encerrou esta sessão.')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
