import { VAULT_SAMPLE_EXPORT, VAULT_SAMPLE_PASSPHRASE, vaultTransferHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Passwords import and export',
  ...portalMeta,
  args: { path: '/passwords/transfer', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Bitwarden export with every fate: two to import, a card, a repeated row and a broken TOTP seed. */
const BITWARDEN_CSV = [
  'folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp',
  'Rede,1,login,Switch core,,,,https://sw.acme.local,admin,s3nha-do-switch,',
  ',,note,Procedimento de backup,"passo 1\npasso 2",,,,,,',
  ',,card,Cartão corporativo,,,,,,,',
  ',,login,Switch core,,,,https://sw.acme.local,admin,outra,',
  ',,login,VPN da matriz,,,,,joana,x,nao base32!',
].join('\n');

type Canvas = ReturnType<typeof within>;

const chooseCompany = async (canvas: Canvas, name: string) => {
  await userEvent.click(await canvas.findByRole('combobox', { name: 'Empresa' }));
  await userEvent.click(await screen.findByRole('option', { name }));
};

const upload = async (canvas: Canvas, text: string, name: string, type = 'text/csv') =>
  userEvent.upload(canvas.getByLabelText(/^Arquivo/), new File([text], name, { type }));

const previewOf = async (canvas: Canvas) => {
  await chooseCompany(canvas, 'Acme Logística Ltda.');
  await upload(canvas, BITWARDEN_CSV, 'bitwarden_export.csv');
  await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
  return within(await canvas.findByRole('region', { name: 'Pré-visualização da importação' }));
};

const rowsOf = (region: Canvas) =>
  within(region.getByRole('table', { name: 'Linhas do arquivo' }))
    .getAllByRole('row')
    .slice(1);

/** The form: where the items go (a company or internal, a folder) and the file, with what it accepts. */
export const ImportForm: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Importar e exportar' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Importar' })).toHaveAttribute('aria-selected', 'true');
    const form = within(canvas.getByRole('form', { name: 'Importar para o cofre' }));
    await expect(form.getByRole('combobox', { name: 'Empresa' })).toHaveTextContent('Escolha a empresa');
    await expect(form.getByRole('combobox', { name: 'Pasta' })).toBeDisabled();
    await expect(form.getByLabelText(/^Arquivo/)).toHaveAccessibleDescription(/Bitwarden ou pelo KeePass/);
    // Nothing chosen: each field says what it needs, and nothing is sent.
    await userEvent.click(form.getByRole('button', { name: 'Pré-visualizar' }));
    await expect(form.getByRole('combobox', { name: 'Empresa' })).toHaveAccessibleDescription(
      /Escolha a empresa \(ou Interno\)/,
    );
    await expect(form.getByLabelText(/^Arquivo/)).toHaveAccessibleDescription(
      /Escolha o arquivo exportado\./,
    );
    // A company's folders only.
    await chooseCompany(canvas, 'Acme Logística Ltda.');
    await userEvent.click(form.getByRole('combobox', { name: 'Pasta' }));
    await expect(await screen.findByRole('option', { name: 'Infraestrutura Acme' })).toBeVisible();
    await expect(screen.queryByRole('option', { name: 'Sistemas Globex' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

/** The preview: each row's fate before anything is saved, the secret fields named, never their values. */
export const Preview: Story = {
  play: async ({ canvas }) => {
    const region = await previewOf(canvas);
    await expect(region.getByRole('status')).toHaveTextContent('2 serão importados, 2 ignorados, 1 com erro');
    await expect(region.getByText(/Bitwarden \(CSV\) · bitwarden_export\.csv · 5 linhas/)).toBeVisible();
    const rows = rowsOf(region);
    await expect(rows).toHaveLength(5);
    await expect(rows[0]).toHaveTextContent('Switch core');
    await expect(rows[0]).toHaveTextContent('Será importado');
    await expect(rows[0]).toHaveTextContent('Senha');
    await expect(rows[0]).not.toHaveTextContent('s3nha-do-switch');
    await expect(rows[2]).toHaveTextContent('Tipo "cartão" não suportado');
    await expect(rows[3]).toHaveTextContent('Duplicado: repete a linha 2 do arquivo');
    await expect(rows[4]).toHaveTextContent(/Linha 7: Coluna login_totp: Semente TOTP inválida/);
    await expect(canvas.getByRole('button', { name: 'Importar 2 itens' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Voltar' }));
    await expect(canvas.getByRole('form', { name: 'Importar para o cofre' })).toBeVisible();
  },
};

/** The report after importing: imported rows link to their item, the others say why. */
export const ImportReport: Story = {
  play: async ({ canvas }) => {
    await previewOf(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Importar 2 itens' }));
    const region = within(await canvas.findByRole('region', { name: 'Relatório da importação' }));
    await expect(region.getByRole('status')).toHaveTextContent('2 importados, 2 ignorados, 1 com erro');
    const rows = rowsOf(region);
    await expect(within(rows[0]!).getByRole('link', { name: 'Switch core' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/passwords\/\d+$/),
    );
    await expect(rows[1]).toHaveTextContent('Importado');
    await expect(rows[2]).toHaveTextContent('Ignorado');
    await expect(rows[4]).toHaveTextContent('Erro');
    const toast = await within(document.body).findByText(/Importação concluída: 2 importados/);
    await waitFor(() => expect(toast).toBeVisible());
    await userEvent.click(canvas.getByRole('button', { name: 'Importar outro arquivo' }));
    await expect(canvas.getByRole('form', { name: 'Importar para o cofre' })).toBeVisible();
  },
};

/** A file of neither format, then a Farol export with the wrong passphrase and the right one. */
export const Errors: Story = {
  play: async ({ canvas }) => {
    await chooseCompany(canvas, 'Globex Comércio S.A.');
    await upload(canvas, 'nome;senha\nRoteador;123', 'planilha.csv');
    await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Arquivo/)).toHaveAccessibleDescription(/Formato não reconhecido/),
    );

    await upload(canvas, VAULT_SAMPLE_EXPORT, 'farol-cofre-acme.json', 'application/json');
    const passphrase = await canvas.findByLabelText(/^Senha da exportação/);
    await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
    await expect(passphrase).toHaveAccessibleDescription(/Informe a senha usada na exportação/);
    await userEvent.type(passphrase, 'frase errada qualquer');
    await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
    await waitFor(() => expect(passphrase).toHaveAccessibleDescription(/Senha da exportação incorreta/));
    await userEvent.clear(passphrase);
    await userEvent.type(passphrase, VAULT_SAMPLE_PASSPHRASE);
    await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
    const region = within(await canvas.findByRole('region', { name: 'Pré-visualização da importação' }));
    await expect(region.getByText(/Exportação cifrada do Farol/)).toBeVisible();
    await expect(region.getByRole('status')).toHaveTextContent('2 serão importados, 0 ignorados, 0 com erro');
  },
};

/** The server fails: the form says so and keeps what was chosen. */
export const ServerError: Story = {
  parameters: { msw: { handlers: { passwordTransfer: vaultTransferHandlers.failing() } } },
  play: async ({ canvas }) => {
    await chooseCompany(canvas, 'Acme Logística Ltda.');
    await upload(canvas, BITWARDEN_CSV, 'bitwarden_export.csv');
    await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Erro interno do servidor');
    await expect(canvas.getByRole('combobox', { name: 'Empresa' })).toHaveTextContent('Acme Logística Ltda.');
  },
};

/** Without passwords.manage the route is closed. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Importar para o cofre' })).toBeNull();
  },
};

/** The server refuses although the route let the person in. */
export const ForbiddenByServer: Story = {
  parameters: { msw: { handlers: { passwordTransfer: vaultTransferHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    await chooseCompany(canvas, 'Acme Logística Ltda.');
    await upload(canvas, BITWARDEN_CSV, 'bitwarden_export.csv');
    await userEvent.click(canvas.getByRole('button', { name: 'Pré-visualizar' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para esta ação.',
    );
    await expect(canvas.queryByRole('region', { name: 'Pré-visualização da importação' })).toBeNull();
  },
};

/** Exporting: a passphrase typed twice and the person's password; the file is saved and its count said. */
export const Export: Story = {
  args: { path: '/passwords/transfer?aba=exportar' },
  play: async ({ canvas }) => {
    const form = within(await canvas.findByRole('form', { name: 'Exportar do cofre' }));
    await chooseCompany(canvas, 'Acme Logística Ltda.');
    await userEvent.type(form.getByLabelText(/^Senha da exportação/), 'curta');
    await userEvent.click(form.getByRole('button', { name: 'Exportar cifrado' }));
    await expect(form.getByLabelText(/^Senha da exportação/)).toHaveAccessibleDescription(
      /pelo menos 12 caracteres/,
    );
    await expect(form.getByLabelText(/^Sua senha do Farol/)).toHaveAccessibleDescription(/Informe sua senha/);
    await userEvent.clear(form.getByLabelText(/^Senha da exportação/));
    await userEvent.type(form.getByLabelText(/^Senha da exportação/), 'cavalo correto bateria');
    await userEvent.type(form.getByLabelText(/^Repita a senha da exportação/), 'cavalo correto bateria');
    await userEvent.type(form.getByLabelText(/^Sua senha do Farol/), 'farol123');
    await userEvent.click(form.getByRole('button', { name: 'Exportar cifrado' }));
    await expect(await form.findByText('Exportação cifrada salva: 2 itens.')).toBeVisible();
    await expect(form.getByLabelText(/^Senha da exportação/)).toHaveValue('');
  },
};

/** Items outside the admin's grants: quebra-vidro is offered, and asks for a reason. */
export const ExportBreakGlass: Story = {
  args: { path: '/passwords/transfer?aba=exportar' },
  parameters: { msw: { handlers: { passwordTransfer: vaultTransferHandlers.breakGlass() } } },
  play: async ({ canvas }) => {
    const form = within(await canvas.findByRole('form', { name: 'Exportar do cofre' }));
    await chooseCompany(canvas, 'Acme Logística Ltda.');
    await userEvent.type(form.getByLabelText(/^Senha da exportação/), 'cavalo correto bateria');
    await userEvent.type(form.getByLabelText(/^Repita a senha da exportação/), 'cavalo correto bateria');
    await userEvent.type(form.getByLabelText(/^Sua senha do Farol/), 'farol123');
    await userEvent.click(form.getByRole('button', { name: 'Exportar cifrado' }));
    const alert = await form.findByRole('alert');
    await expect(alert).toHaveTextContent('2 itens desta exportação têm acessos próprios');
    await userEvent.click(within(alert).getByRole('checkbox', { name: /Usar o quebra-vidro/ }));
    await userEvent.click(form.getByRole('button', { name: 'Exportar cifrado' }));
    await expect(form.getByLabelText(/^Motivo/)).toHaveAccessibleDescription(
      /Informe o motivo do quebra-vidro/,
    );
    await userEvent.type(form.getByLabelText(/^Motivo/), 'Cliente migrando para outro fornecedor');
    await userEvent.click(form.getByRole('button', { name: 'Exportar cifrado' }));
    await expect(await form.findByText(/^Exportação cifrada salva: 2 itens/)).toBeVisible();
  },
};

/** On a phone: the preview's table keeps the line, the item and its fate; nothing scrolls sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    const region = await previewOf(canvas);
    await expect(region.getByRole('status')).toHaveTextContent('2 serão importados');
    await expect(rowsOf(region)[0]).toHaveTextContent('Será importado');
    await expect(canvas.getByRole('button', { name: 'Importar 2 itens' })).toBeVisible();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
  },
};
