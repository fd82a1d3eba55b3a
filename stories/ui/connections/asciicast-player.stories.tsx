import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AsciicastPlayer } from '@farol/ui/connections';
import { SAMPLE_CAST } from './connection-fixtures';

const screenText = (root: HTMLElement) => root.querySelector('.xterm-rows')?.textContent ?? '';
const waitForScreen = (root: HTMLElement, text: string) =>
  waitFor(() => expect(screenText(root)).toContain(text), { timeout: 15_000 });

const meta = {
  title: 'UI/Connections/AsciicastPlayer',
  component: AsciicastPlayer,
  args: { cast: SAMPLE_CAST, onPlayingChange: fn() },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AsciicastPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened paused at the start: the controls, 00:00 of 00:08, and the typed lines to jump to. */
export const Paused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Reprodução da gravação' })).toHaveAttribute(
      'data-state',
      'paused',
    );
    await expect(canvas.getByRole('button', { name: 'Reproduzir' })).toBeVisible();
    await expect(canvas.getByText('00:00 / 00:08')).toBeVisible();
    await expect(canvas.getByRole('slider', { name: 'Posição da reprodução' })).toHaveValue('0');
    await expect(canvas.getByRole('button', { name: '1×' })).toHaveAttribute('aria-pressed', 'true');
    const lines = within(canvas.getByRole('navigation', { name: 'Comandos digitados' })).getAllByRole(
      'button',
    );
    await expect(lines.map((line) => line.textContent)).toEqual([
      '00:01uptime',
      '00:03sudo systemctl restart nginx',
      '00:07systemctl is-active nginx',
    ]);
    await expect(lines[1]).toHaveAccessibleName('Ir para 00:03: sudo systemctl restart nginx');
    await waitFor(() => expect(canvasElement.querySelector('.xterm-rows')).not.toBeNull(), {
      timeout: 15_000,
    });
    await expect(screenText(canvasElement)).not.toContain('uptime');
  },
};

/** Playing at 4×: the output appears as recorded and the replay stops at the end. */
export const Playing: Story = {
  args: { autoPlay: true, defaultSpeed: 4 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: '4×' })).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onPlayingChange).toHaveBeenCalledWith(true);
    await waitForScreen(canvasElement, 'load average');
    await waitFor(() => expect(canvas.getByText('Fim da gravação')).toBeVisible(), { timeout: 15_000 });
    await expect(screenText(canvasElement)).toContain('active');
    await expect(canvas.getByText('00:08 / 00:08')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reproduzir' })).toBeVisible();
    await waitFor(() => expect(args.onPlayingChange).toHaveBeenLastCalledWith(false));
    await expect(canvas.getByRole('button', { name: /systemctl is-active/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

/** Pause stops the clock; the speed buttons change it. */
export const PauseAndSpeed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '0,5×' }));
    await expect(canvas.getByRole('button', { name: '0,5×' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Reproduzir' }));
    await waitForScreen(canvasElement, 'ana@srv-db01');
    await userEvent.click(canvas.getByRole('button', { name: 'Pausar' }));
    const slider = canvas.getByRole('slider', { name: 'Posição da reprodução' });
    const at = Number((slider as HTMLInputElement).value);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(Number((slider as HTMLInputElement).value)).toBe(at);
    await expect(at).toBeLessThan(2);
  },
};

/** Opened from a search hit ("quem rodou systemctl restart nginx?"): at that second, paused, the line marked. */
export const WithSearchHit: Story = {
  args: { initialTime: 3 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const hit = canvas.getByRole('button', { name: 'Ir para 00:03: sudo systemctl restart nginx' });
    await expect(hit).toHaveAttribute('aria-current', 'true');
    await expect(canvas.getByText('00:03 / 00:08')).toBeVisible();
    await waitForScreen(canvasElement, 'load average');
    await expect(screenText(canvasElement)).not.toContain('is-active');
  },
};

/** A typed line jumps there; going back replays the screen from the start. */
export const JumpToLine: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /^Ir para 00:07/ }));
    await waitForScreen(canvasElement, 'is-active');
    await expect(canvas.getByText('00:07 / 00:08')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /^Ir para 00:01/ }));
    await waitFor(() => expect(screenText(canvasElement)).not.toContain('is-active'));
    await expect(screenText(canvasElement)).toContain('uptime');
    await expect(canvas.getByRole('button', { name: /^Ir para 00:01/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  },
};

/** The filter narrows the typed lines ("quem rodou systemctl restart nginx?"); a line still jumps to its second. */
export const FilterInputLines: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lines = () =>
      within(canvas.getByRole('navigation', { name: 'Comandos digitados' })).queryAllByRole('button');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filtrar comandos' }), 'RESTART');
    await expect(lines().map((line) => line.textContent)).toEqual(['00:03sudo systemctl restart nginx']);
    await userEvent.click(lines()[0]!);
    await expect(canvas.getByText('00:03 / 00:08')).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filtrar comandos' }), 'x');
    await expect(canvas.getByText('Nenhum comando com “RESTARTx”.')).toBeVisible();
    await expect(lines()).toHaveLength(0);
  },
};

/** A file that is not asciicast v2 says so instead of a blank screen. */
export const Invalid: Story = {
  args: { cast: '{"version": 1, "width": 80, "height": 24}' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'A gravação não pôde ser lida. Versão não suportada (esperada a 2)',
    );
  },
};

/** On a phone the typed lines go under the screen, which scrolls sideways inside its card. */
export const Mobile: Story = {
  args: { initialTime: 8 },
  globals: { viewport: { value: 'phone390' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitForScreen(canvasElement, 'is-active');
    await expect(canvas.getByRole('navigation', { name: 'Comandos digitados' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
