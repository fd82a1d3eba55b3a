import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ConnectionStatusDot, LaunchMenu, ProtocolBadge } from '@farol/ui/connections';

const meta = {
  title: 'UI/Connections/StatusAndLaunch',
  component: LaunchMenu,
  args: { protocol: 'ssh', name: 'srv-db01', onLaunch: fn() },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof LaunchMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The three reachability states, read as "Estado: …", and the protocols' badges. */
export const StatusDotsAndBadges: Story = {
  render: () => (
    <div className="flex flex-col gap-3">
      <ul className="flex gap-4">
        <li>
          <ConnectionStatusDot state="online" checkedAt="há 2 min" />
        </li>
        <li>
          <ConnectionStatusDot state="offline" />
        </li>
        <li>
          <ConnectionStatusDot state="desconhecido" />
        </li>
      </ul>
      <p className="flex gap-3">
        <ConnectionStatusDot state="online" showLabel />
        <ConnectionStatusDot state="offline" showLabel />
        <ConnectionStatusDot state="desconhecido" showLabel />
      </p>
      <p className="flex gap-2">
        {(['ssh', 'rdp', 'vnc', 'telnet', 'http', 'https'] as const).map((protocol) => (
          <ProtocolBadge key={protocol} protocol={protocol} />
        ))}
      </p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Estado: Acessível')).toHaveClass('sr-only');
    await expect(canvas.getByText('Estado: Inacessível')).toBeInTheDocument();
    await expect(canvas.getByText('Estado: Não verificado')).toBeInTheDocument();
    await expect(canvas.getByTitle('Acessível · há 2 min')).toBeVisible();
    await expect(canvas.getByText('Inacessível')).toBeVisible();
    await expect(canvas.getByText('Não verificado')).toBeVisible();
    await expect(canvas.getByText('RDP')).toBeVisible();
    await expect(canvas.getByText('Protocolo HTTPS')).toHaveClass('sr-only');
  },
};

/** SSH: open in the app (ssh://) or copy the command. */
export const LaunchSsh: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Abrir srv-db01 fora do navegador' }),
    );
    const menu = await screen.findByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Abrir no aplicativo', 'Copiar comando']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Copiar comando' }));
    await expect(args.onLaunch).toHaveBeenCalledWith('copy_command');
  },
};

/** RDP: download the .rdp file. */
export const LaunchRdp: Story = {
  args: { protocol: 'rdp', name: 'ts-financeiro' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Abrir ts-financeiro fora do navegador' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Baixar arquivo .rdp' }));
    await expect(args.onLaunch).toHaveBeenCalledWith('rdp_file');
  },
};

/** HTTPS: open in the browser. */
export const LaunchHttps: Story = {
  args: { protocol: 'https', name: 'painel-firewall' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Abrir painel-firewall fora do navegador' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Abrir no navegador' }));
    await expect(args.onLaunch).toHaveBeenCalledWith('browser');
  },
};
