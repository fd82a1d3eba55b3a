import { createFakeTerminalTransport } from '@farol/data/connections';
import { PINNED_KEY, createConnectionHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TerminalTransportOverride } from '../../apps/portal/src/features/connections/shared/terminal-transport';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Connections sessions',
  ...portalMeta,
  args: { path: '/connections/sessions', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Oversight: who is connected now, with "Assistir" and "Encerrar" for an admin. */
export const ActiveSessions: Story = {
  play: async ({ canvas, canvasElement }) => {
    const table = await canvas.findByRole('table', { name: 'Sessões ativas' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const row = within(table).getAllByRole('row')[1]!;
    await expect(row).toHaveTextContent('Bruno Lima');
    await expect(row).toHaveTextContent('Reiniciar o nginx após a atualização');
    await expect(within(row).getByRole('link', { name: 'Assistir' })).toHaveAttribute(
      'href',
      '/connections/sessions/3/watch',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Encerrar' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Encerrar esta sessão?' });
    await expect(dialog).toHaveTextContent('Bruno Lima será desconectada de srv-db01 agora.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar sessão' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
  },
};

/** The history: ended and external sessions, "Ver gravação" for connections.audit. */
export const History: Story = {
  args: { path: '/connections/sessions?aba=historico' },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Histórico de sessões' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    await expect(table).toHaveTextContent('Chamado #1042 — ERP lento desde ontem');
    await expect(within(table).getByRole('link', { name: 'Ver gravação' })).toHaveAttribute(
      'href',
      '/connections/sessions/1/replay',
    );
  },
};

/** Nobody connected: the oversight says so. */
export const NoActiveSessions: Story = {
  parameters: { msw: { handlers: { connections: createConnectionHandlers({ empty: true }) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhuma sessão ativa agora' })).toBeVisible();
  },
};

/** "Quem rodou systemctl restart nginx?": each hit opens the replay at its second. */
export const RecordingSearch: Story = {
  args: { path: '/connections/recordings?q=systemctl' },
  play: async ({ canvas }) => {
    const hits = await canvas.findByRole('list', { name: 'Linhas encontradas' });
    await expect(hits).toHaveTextContent('systemctl restart nginx');
    const link = within(hits).getAllByRole('link', { name: 'Ver neste momento' })[0]!;
    await expect(link.getAttribute('href')).toMatch(/^\/connections\/sessions\/1\/replay\?t=\d+$/);
  },
};

/** The replay of a recorded session, from `?t=`. */
export const Replay: Story = {
  args: { path: '/connections/sessions/1/replay?t=2' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Gravação: srv-db01' })).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Reprodução da gravação' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Voltar à conexão' })).toHaveAttribute(
      'href',
      '/connections/1',
    );
  },
};

/** A recording past its retention: said plainly. */
export const ReplayGone: Story = {
  args: { path: '/connections/sessions/1/replay' },
  parameters: { msw: { handlers: { connections: createConnectionHandlers({ recordingGone: true }) } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Gravação indisponível' })).toBeVisible();
  },
};

const watched = createFakeTerminalTransport();
/** An admin watches a live session read-only and may end it. */
export const Watch: Story = {
  args: { path: '/connections/sessions/3/watch' },
  decorators: [
    (Story) => (
      <TerminalTransportOverride transport={watched}>
        <Story />
      </TerminalTransportOverride>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { name: 'Assistindo: srv-db01' })).toBeVisible();
    await waitFor(() => expect(watched.opened.at(-1)?.target).toEqual({ kind: 'watch', sessionId: 3 }));
    await expect(await canvas.findByText('Acompanhando (somente leitura)')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Encerrar sessão' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Encerrar esta sessão?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Encerrar sessão' }));
  },
};

/** The connection's page: details, the pinned key (clear with a confirm), its sessions. */
export const ConnectionPage: Story = {
  args: { path: '/connections/1' },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'srv-db01' })).toBeVisible();
    await expect(canvas.getByText('Item do cofre: root — srv-db01')).toBeVisible();
    await expect(canvas.getByText(PINNED_KEY)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Conectar a srv-db01' })).toHaveAttribute(
      'href',
      '/connections/1/terminal',
    );
    await expect(await canvas.findByRole('table', { name: 'Sessões de srv-db01' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpar chave' }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('alertdialog', { name: 'Limpar a chave fixada?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Limpar chave' }));
    await expect(await canvas.findByText(/Nenhuma chave fixada/)).toBeVisible();
  },
};

/** A technician with connections.view only: details, no edit, no re-pin, no connect. */
export const ConnectionPageViewOnly: Story = {
  args: { path: '/connections/1', user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'srv-db01' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Editar' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Limpar chave' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Conectar a srv-db01' })).toBeNull();
  },
};

/** The chamado's Conexões section: its company's connections with Conectar for this chamado, its sessions. */
export const ChamadoSection: Story = {
  args: { path: '/support/ticket/1' },
  play: async ({ canvas }) => {
    const section = await canvas.findByRole('region', { name: 'Conexões' }, { timeout: 10_000 });
    const connect = await within(section).findByRole('link', { name: 'Conectar a srv-db01' });
    await expect(connect).toHaveAttribute('href', '/connections/1/terminal?ticket_id=1');
    await expect(await within(section).findByRole('list', { name: 'Sessões deste chamado' })).toBeVisible();
  },
};

/** The company page's Conexões tab: only that company's connections, without the Empresa column. */
export const CompanyTab: Story = {
  args: { path: '/companies/100' },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Conexões' }));
    const table = await canvas.findByRole('table', { name: 'Conexões' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    await expect(table).toHaveTextContent('srv-db01');
    await expect(table).not.toHaveTextContent('Firewall Globex');
    await expect(within(table).queryByRole('columnheader', { name: 'Empresa' })).toBeNull();
  },
};
