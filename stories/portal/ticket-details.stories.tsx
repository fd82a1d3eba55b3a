import { createTicketMock, errorResponse, ticketHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/Ticket details',
  ...portalMeta,
  args: { path: '/support/ticket/1', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const INTERNAL_NOTE = 'O certificado do servidor venceu ontem; vou pedir a renovação ao gestor.';

const findThread = (canvas: Canvas) => canvas.findByRole('log', { name: 'Conversa do chamado' });
const controls = (canvas: Canvas) => within(canvas.getByRole('region', { name: 'Atendimento' }));

/** Types a message and sends it with Ctrl+Enter, as a person who keeps their hands on the keyboard. */
async function sendWithKeyboard(canvas: Canvas, text: string, label = 'Mensagem') {
  const box = await canvas.findByRole('textbox', { name: label });
  await userEvent.click(box);
  await userEvent.keyboard(text);
  await userEvent.keyboard('{Control>}{Enter}{/Control}');
  return box;
}

/** #1001 for staff: the opening, a client reply with a picture, a reply and an internal note marked as such. */
export const StaffThread: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: '#1001 Sistema de notas fiscais fora do ar' }),
    ).toBeVisible();
    const thread = await findThread(canvas);
    await expect(within(thread).getByText(/Desde as 8h ninguém consegue emitir/)).toBeVisible();
    await expect(await within(thread).findByText(INTERNAL_NOTE)).toBeVisible();
    const note = within(thread).getByRole('article', { name: /^Nota interna de Carla Mendes/ });
    await expect(within(note).getByText('Nota interna')).toBeVisible();
    // The picture is fetched with the session and shown as a thumbnail linking to the file.
    await expect(await within(thread).findByRole('img', { name: 'erro-nota-fiscal.png' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Voltar para Suporte' })).toHaveAttribute(
      'href',
      '/support',
    );
    await expect(controls(canvas).getByRole('combobox', { name: 'Status' })).toHaveValue('em andamento');
    await expect(
      within(canvas.getByRole('list', { name: 'Alterações do chamado' })).getByText(
        'Status alterado de Aberto para Em andamento',
      ),
    ).toBeVisible();
  },
};

/** A reply with a PDF, sent with Ctrl+Enter: it joins the thread with its file and the box empties. */
export const StaffReplySent: Story = {
  play: async ({ canvas }) => {
    await findThread(canvas);
    await userEvent.upload(
      canvas.getByLabelText('Anexar arquivos'),
      new File(['%PDF-1.4'], 'relatorio-servico.pdf', { type: 'application/pdf' }),
    );
    const box = await sendWithKeyboard(canvas, 'Serviço reiniciado, pode testar?');
    const thread = await findThread(canvas);
    await expect(await within(thread).findByText('Serviço reiniciado, pode testar?')).toBeVisible();
    const pdf = within(thread).getByRole('link', { name: /relatorio-servico\.pdf/ });
    await expect(pdf).toBeVisible();
    // Opened at its served URL (the server's sandbox policy applies there), never as a blob copy.
    await expect(pdf).toHaveAttribute('href', expect.stringMatching(/^\/api\//));
    await expect(canvas.queryByRole('list', { name: 'Arquivos anexados' })).not.toBeInTheDocument();
    await expect(await canvas.findByText('Resposta enviada.')).toBeVisible();
    await expect(box).toHaveValue('');
  },
};

export const StaffInternalNoteSent: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: 'Nota interna' }));
    await expect(canvas.getByText(/Visível apenas para a equipe/)).toBeVisible();
    await sendWithKeyboard(canvas, 'Cliente confirmou por telefone.', 'Nota interna');
    const thread = await findThread(canvas);
    await expect(
      await within(thread).findByRole('article', { name: /^Nota interna de Ana Souza/ }),
    ).toHaveTextContent('Cliente confirmou por telefone.');
  },
};

/** The server refuses the reply: the reason shows and the text stays, ready to send again. */
export const ReplyFailsKeepsText: Story = {
  parameters: {
    msw: {
      handlers: {
        tickets: [
          http.post('*/api/tickets/:id/messages', () =>
            errorResponse(500, 'internal_error', 'Erro interno do servidor'),
          ),
          ...ticketHandlers.default(),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await findThread(canvas);
    const box = await sendWithKeyboard(canvas, 'Pode testar agora?');
    const composer = within(canvas.getByRole('region', { name: 'Responder ou anotar' }));
    await expect(await composer.findByRole('alert')).toHaveTextContent('Erro interno do servidor');
    await expect(box).toHaveValue('Pode testar agora?');
    await expect(composer.getByRole('button', { name: 'Enviar resposta' })).toBeEnabled();
  },
};

/** Only the allowed next statuses are offered; the change shows at once and lands in the history. */
export const StatusChange: Story = {
  play: async ({ canvas }) => {
    await findThread(canvas);
    const status = controls(canvas).getByRole('combobox', { name: 'Status' });
    const offered = within(status)
      .getAllByRole('option')
      .map((option) => option.textContent);
    await expect(offered).toEqual(['Em andamento', 'Aguardando cliente', 'Resolvido', 'Aberto']);
    await userEvent.selectOptions(status, 'resolvido');
    await expect(status).toHaveValue('resolvido');
    const history = canvas.getByRole('list', { name: 'Alterações do chamado' });
    await expect(
      await within(history).findByText('Status alterado de Em andamento para Resolvido'),
    ).toBeVisible();
    // The save is confirmed by a toast (it fades in).
    await waitFor(() => expect(canvas.getByText('Status: Resolvido.')).toBeVisible(), { timeout: 3_000 });
  },
};

const conflict = 'Não é possível passar o chamado de "em andamento" para "resolvido".';

/** Someone else changed the chamado first: the server's 409 undoes the change and says why. */
export const StatusConflictRollsBack: Story = {
  parameters: {
    msw: {
      handlers: {
        tickets: [
          http.patch('*/api/tickets/:id', () => errorResponse(409, 'conflict', conflict)),
          ...ticketHandlers.default(),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await findThread(canvas);
    const status = controls(canvas).getByRole('combobox', { name: 'Status' });
    await userEvent.selectOptions(status, 'resolvido');
    await expect(await controls(canvas).findByRole('alert')).toHaveTextContent(conflict);
    await expect(status).toHaveValue('em andamento');
  },
};

/** #1002 has nobody on it: one click takes it. */
export const AssignToMe: Story = {
  args: { path: '/support/ticket/2' },
  play: async ({ canvas }) => {
    await findThread(canvas);
    const panel = controls(canvas);
    await expect(panel.getByRole('combobox', { name: 'Responsável' })).toHaveValue('');
    await userEvent.click(panel.getByRole('button', { name: 'Atribuir a mim' }));
    await waitFor(() =>
      expect(panel.getByRole('combobox', { name: 'Responsável' })).toHaveDisplayValue('Ana Souza'),
    );
    await expect(panel.queryByRole('button', { name: 'Atribuir a mim' })).not.toBeInTheDocument();
    await expect(
      await within(canvas.getByRole('list', { name: 'Alterações do chamado' })).findByText(
        'Atribuído a Ana Souza',
      ),
    ).toBeVisible();
  },
};

/**
 * The filial is one of the chamado's company's branches (Acme: Matriz, Filial Centro): choosing one shows at
 * once in the details and the history; "Nenhuma" clears it.
 */
export const BranchChange: Story = {
  play: async ({ canvas }) => {
    await findThread(canvas);
    const panel = controls(canvas);
    const branch = panel.getByRole('combobox', { name: 'Filial' });
    await waitFor(() => expect(branch).toBeEnabled());
    await expect(
      within(branch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nenhuma', 'Matriz', 'Filial Centro']);
    await userEvent.selectOptions(branch, 'Filial Centro');
    await waitFor(() => expect(branch).toHaveDisplayValue('Filial Centro'));
    const details = within(canvas.getByRole('region', { name: 'Detalhes' }));
    await waitFor(() => expect(details.getByText('Filial Centro')).toBeVisible());
    const history = within(canvas.getByRole('list', { name: 'Alterações do chamado' }));
    await expect(await history.findByText('Filial definida como Filial Centro')).toBeVisible();
    await userEvent.selectOptions(branch, 'Nenhuma');
    await expect(await history.findByText('Filial Filial Centro removida')).toBeVisible();
    await expect(details.getByText('—')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Carregando chamado…')).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 8000 });
    await expect(within(alert).getByText('Não foi possível carregar o chamado')).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { path: '/support/ticket/999' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 8000 });
    await expect(within(alert).getByRole('heading', { name: 'Chamado não encontrado' })).toBeVisible();
    await expect(within(alert).getByRole('link', { name: 'Voltar para Suporte' })).toBeVisible();
  },
};

export const Forbidden: Story = {
  parameters: { msw: { handlers: { tickets: ticketHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 8000 });
    await expect(
      within(alert).getByRole('heading', { name: 'Você não tem acesso a este chamado' }),
    ).toBeVisible();
  },
};

// The live story holds its own tickets mock, so the event and the next refetch agree.
const liveTickets = createTicketMock();

/** Another technician resolves the chamado while it is open here: the page follows without a reload. */
export const LiveUpdate: Story = {
  parameters: { msw: { handlers: { tickets: liveTickets.handlers } } },
  play: async (context) => {
    const { canvas } = context;
    await findThread(canvas);
    const header = canvas.getByRole('heading', { name: /^#1001/ }).parentElement!;
    await expect(within(header).getByText('Em andamento')).toBeVisible();
    realtimeOf(context).emitServerEvent(
      'ticket:updated',
      liveTickets.database.updated(1, { status: 'resolvido', priority: 'alta' }),
    );
    await expect(await within(header).findByText('Resolvido')).toBeVisible();
    await expect(within(header).getByText('Alta')).toBeVisible();
    await expect(controls(canvas).getByRole('combobox', { name: 'Status' })).toHaveValue('resolvido');
  },
};

/** The client's view of the same chamado: the team's note never reaches it, and there are no controls. */
export const ClientThread: Story = {
  args: { path: '/portal/tickets/1', user: 'clienteAcme' },
  play: async ({ canvas }) => {
    const thread = await findThread(canvas);
    await expect(
      await within(thread).findByText('Recebido, Diego. Já estou verificando o serviço de emissão.'),
    ).toBeVisible();
    await expect(within(thread).queryByText(INTERNAL_NOTE)).not.toBeInTheDocument();
    await expect(canvas.queryByText('Nota interna')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('region', { name: 'Atendimento' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('radio', { name: 'Nota interna' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Voltar para meus chamados' })).toHaveAttribute(
      'href',
      '/portal/tickets',
    );
  },
};

export const ClientReply: Story = {
  args: { path: '/portal/tickets/1', user: 'clienteAcme' },
  play: async ({ canvas }) => {
    await findThread(canvas);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Mensagem' }), 'Voltou a funcionar!');
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar resposta' }));
    const thread = await findThread(canvas);
    // Once sent, the reply shows once, as Diego's (a sending copy may show for a moment on a busy machine).
    await waitFor(() => {
      const replies = within(thread).getAllByText('Voltou a funcionar!');
      expect(replies).toHaveLength(1);
      expect(replies[0]!.closest('article')).toHaveAccessibleName(/^Diego Ferreira \(cliente\)/);
    });
  },
};

/** Nothing written and nothing attached: the box says what is missing and keeps the focus. */
export const ClientReplyValidation: Story = {
  args: { path: '/portal/tickets/1', user: 'clienteAcme' },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await findThread(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar resposta' }));
    const box = canvas.getByRole('textbox', { name: 'Mensagem' });
    await expect(box).toHaveAccessibleDescription('Escreva uma mensagem ou anexe um arquivo');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveFocus();
  },
};
