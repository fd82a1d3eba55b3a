import { TICKET_ATTACHMENT_MAX_BYTES } from '@farol/data/tickets';
import { errorResponse, ticketHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/New ticket',
  ...portalMeta,
  args: { path: '/portal/tickets', user: 'clienteAcme' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens 'Novo chamado' from the list and waits for its form (a chunk of its own). */
async function openForm(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('button', { name: 'Novo chamado' }));
  const dialog = await screen.findByRole('dialog', { name: 'Novo chamado' });
  await within(dialog).findByRole('form', { name: 'Novo chamado' });
  return within(dialog);
}

async function fillRequired(dialog: ReturnType<typeof within>) {
  await userEvent.type(dialog.getByRole('textbox', { name: /Assunto/ }), 'Sem acesso ao sistema de ponto');
  await userEvent.type(
    dialog.getByRole('textbox', { name: /Descrição/ }),
    'Desde hoje cedo o sistema de ponto recusa a senha de todos.',
  );
}

/** A client opens a chamado with a picture; the dialog closes and the new chamado opens. */
export const ClientCreates: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openForm(canvasElement);
    await waitFor(() => expect(dialog.getByRole('textbox', { name: /Assunto/ })).toHaveFocus());
    await expect(dialog.getByRole('combobox', { name: 'Prioridade' })).toHaveValue('média');
    await expect(dialog.queryByRole('combobox', { name: /Empresa/ })).not.toBeInTheDocument();
    await fillRequired(dialog);
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Prioridade' }), 'alta');
    await userEvent.type(dialog.getByRole('combobox', { name: 'Categoria' }), 'Acesso');
    await userEvent.upload(
      dialog.getByLabelText('Anexar arquivos'),
      new File([new Uint8Array([137, 80, 78, 71])], 'tela-ponto.png', { type: 'image/png' }),
    );
    await expect(dialog.getByRole('list', { name: 'Arquivos anexados' })).toHaveTextContent('tela-ponto.png');
    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));

    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole(
        'heading',
        { name: /^#\d+ Sem acesso ao sistema de ponto$/ },
        { timeout: 8000 },
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('link', { name: /tela-ponto\.png/ })).toBeVisible();
  },
};

/** Sent empty: every problem under its field, in Portuguese, and the focus on the first one. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openForm(canvasElement);
    await userEvent.type(dialog.getByRole('textbox', { name: /Assunto/ }), 'ab');
    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    const subject = dialog.getByRole('textbox', { name: /Assunto/ });
    await waitFor(() => expect(subject).toHaveFocus());
    await expect(subject).toHaveAttribute('aria-invalid', 'true');
    await expect(subject).toHaveAccessibleDescription('O assunto deve ter ao menos 3 caracteres');
    await expect(dialog.getByRole('textbox', { name: /Descrição/ })).toHaveAccessibleDescription(
      'A descrição não pode ficar em branco',
    );
  },
};

/** The server refuses a field the browser accepted: its message lands on that field. */
export const ServerFieldErrors: Story = {
  parameters: {
    msw: {
      handlers: {
        tickets: [
          http.post('*/api/tickets', () =>
            errorResponse(400, 'validation_failed', 'Dados inválidos', {
              category: 'A categoria deve ter no máximo 100 caracteres',
            }),
          ),
          ...ticketHandlers.default(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openForm(canvasElement);
    await fillRequired(dialog);
    await userEvent.type(dialog.getByRole('combobox', { name: 'Categoria' }), 'Rede');
    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    const category = dialog.getByRole('combobox', { name: 'Categoria' });
    await waitFor(() => expect(category).toHaveFocus());
    await expect(category).toHaveAccessibleDescription('A categoria deve ter no máximo 100 caracteres');
    await expect(dialog.getByRole('alert')).toHaveTextContent('Corrija os campos destacados.');
    await expect(dialog.getByRole('textbox', { name: /Assunto/ })).toHaveValue(
      'Sem acesso ao sistema de ponto',
    );
  },
};

/** Staff open chamados on behalf of a company: without one the form says so; the branches follow the company. */
export const StaffMustPickCompany: Story = {
  args: { path: '/support', user: 'admin' },
  play: async ({ canvasElement }) => {
    const dialog = await openForm(canvasElement);
    await fillRequired(dialog);
    await userEvent.click(dialog.getByRole('button', { name: 'Abrir chamado' }));
    const company = dialog.getByRole('combobox', { name: /Empresa/ });
    await waitFor(() => expect(company).toHaveFocus());
    await expect(company).toHaveAccessibleDescription('Selecione a empresa');

    const branch = dialog.getByRole('combobox', { name: 'Filial' });
    await expect(branch).toBeDisabled();
    await userEvent.selectOptions(company, 'Acme Logística Ltda.');
    await expect(branch).toBeEnabled();
    await expect(within(branch).getByRole('option', { name: 'Filial Centro' })).toBeInTheDocument();
    await expect(company).not.toHaveAttribute('aria-invalid');
  },
};

/** Files the server would refuse never leave the browser, and the form says why. */
export const AttachmentRefused: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openForm(canvasElement);
    // As a drop would: the chooser's own type filter is not in the way.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(dialog.getByLabelText('Anexar arquivos'), [
      new File([new Uint8Array(TICKET_ATTACHMENT_MAX_BYTES + 1)], 'video-da-tela.png', { type: 'image/png' }),
      new File(['MZ'], 'instalador.exe', { type: 'application/x-msdownload' }),
    ]);
    await expect(await dialog.findByText('video-da-tela.png: arquivo maior que 10 MB.')).toBeVisible();
    await expect(
      dialog.getByText('instalador.exe: tipo de arquivo não permitido (use imagens ou PDF).'),
    ).toBeVisible();
    await expect(dialog.queryByRole('list', { name: 'Arquivos anexados' })).not.toBeInTheDocument();
  },
};
