import { formatCnpj } from '@farol/data/companies';
import { companyHandlers, errorResponse, fixtureCnpj } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectToast } from './support/company-stories';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Company forms',
  ...portalMeta,
  args: { path: '/companies', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** Opens a dialog from a button of the page and waits for its form (loaded on first open). */
async function openForm(canvas: Canvas, button: string, dialogName: string, formName = dialogName) {
  await userEvent.click(await canvas.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await within(dialog).findByRole('form', { name: formName });
  return within(dialog);
}

const field = (dialog: Canvas, name: string) => dialog.getByRole('textbox', { name });

/** "Nova empresa": the fields, an alphanumeric CNPJ typed in lower case, two domains; the new company opens. */
export const CreateCompany: Story = {
  play: async ({ canvas }) => {
    const dialog = await openForm(canvas, 'Nova empresa', 'Nova empresa');
    await waitFor(() => expect(field(dialog, 'Nome fantasia')).toHaveFocus());
    await userEvent.type(field(dialog, 'Nome fantasia'), 'Vértice Engenharia');
    await userEvent.type(field(dialog, 'Razão social'), 'Vértice Engenharia e Projetos Ltda.');
    const cnpj = field(dialog, 'CNPJ');
    await userEvent.type(cnpj, '12abc34501de35');
    await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Prospect' }));
    const domains = field(dialog, 'Domínios de e-mail');
    await userEvent.type(domains, 'vertice.eng.br,@Vertice.com{Enter}');
    await expect(dialog.getByRole('list', { name: 'Domínios adicionados' })).toHaveTextContent(
      'vertice.eng.br',
    );
    await expect(dialog.getByRole('button', { name: 'Remover vertice.com' })).toBeVisible();
    const phone = dialog.getByRole('textbox', { name: 'Telefone' });
    await userEvent.type(phone, '1132654000');
    await userEvent.tab();
    await expect(phone).toHaveValue('(11) 3265-4000');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Responsável' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bruno Lima' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar empresa' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Vértice Engenharia' })).toBeVisible();
    await expect(canvas.getByText('CNPJ 12.ABC.345/01DE-35')).toBeVisible();
    await expectToast('Empresa cadastrada.');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('vertice.eng.br, vertice.com');
  },
};

/** Errors show under their fields and the first invalid one takes the focus; an invalid CNPJ says so. */
export const ValidationErrors: Story = {
  play: async ({ canvas }) => {
    const dialog = await openForm(canvas, 'Nova empresa', 'Nova empresa');
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar empresa' }));
    const name = field(dialog, 'Nome fantasia');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveFocus();
    await expect(name).toHaveAccessibleDescription(/Informe o nome fantasia/);
    await expect(field(dialog, 'Razão social')).toHaveAccessibleDescription('Informe a razão social');
    await userEvent.type(name, 'Acme Dois');
    await userEvent.type(field(dialog, 'Razão social'), 'Acme Dois Ltda.');
    await userEvent.type(field(dialog, 'CNPJ'), '11222333000100');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Site' }), 'não é um site');
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar empresa' }));
    const cnpj = field(dialog, 'CNPJ');
    await waitFor(() => expect(cnpj).toHaveFocus());
    await expect(cnpj).toHaveAccessibleDescription(/^CNPJ inválido/);
    await expect(dialog.getByRole('textbox', { name: 'Site' })).toHaveAccessibleDescription('Site inválido');
    // Nothing was sent: the dialog is still open.
    await expect(screen.getByRole('dialog', { name: 'Nova empresa' })).toBeVisible();
  },
};

/** The server refuses a CNPJ already in use (400 details): the message lands under the CNPJ. */
export const ServerRefusesCnpj: Story = {
  play: async ({ canvas }) => {
    const dialog = await openForm(canvas, 'Nova empresa', 'Nova empresa');
    await userEvent.type(field(dialog, 'Nome fantasia'), 'Acme Filial Nova');
    await userEvent.type(field(dialog, 'Razão social'), 'Acme Nova Ltda.');
    await userEvent.type(field(dialog, 'CNPJ'), '11222333000181');
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar empresa' }));
    const cnpj = field(dialog, 'CNPJ');
    await waitFor(() => expect(cnpj).toHaveAccessibleDescription(/Já existe uma empresa com este CNPJ/));
    await expect(cnpj).toHaveFocus();
  },
};

/** A 409 that names a field (a name already taken) lands under that field too. */
export const ServerConflictOnName: Story = {
  parameters: {
    msw: {
      handlers: {
        // Ahead of the companies mock, which would create it.
        companies: [
          http.post('*/api/companies', () =>
            errorResponse(409, 'conflict', 'Já existe uma empresa com este nome', {
              name: 'Já existe uma empresa com este nome',
            }),
          ),
          ...companyHandlers.default(),
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    const dialog = await openForm(canvas, 'Nova empresa', 'Nova empresa');
    await userEvent.type(field(dialog, 'Nome fantasia'), 'Globex');
    await userEvent.type(field(dialog, 'Razão social'), 'Globex Outra S.A.');
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar empresa' }));
    const name = field(dialog, 'Nome fantasia');
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Já existe uma empresa com este nome/));
    await expect(name).toHaveFocus();
  },
};

/** "Editar": the company's values in the form; a change shows on the page at once and a toast confirms it. */
export const EditCompany: Story = {
  args: { path: '/companies/100' },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Acme Logística' });
    const dialog = await openForm(canvas, 'Editar', 'Editar empresa');
    await expect(field(dialog, 'CNPJ')).toHaveValue('11.222.333/0001-81');
    await expect(dialog.getByRole('textbox', { name: 'Telefone' })).toHaveValue('(11) 3456-7890');
    await expect(dialog.getByRole('combobox', { name: 'Responsável' })).toHaveTextContent('Bruno Lima');
    await expect(dialog.getByRole('button', { name: 'Remover acme.com.br' })).toBeVisible();
    await expect(dialog.getByText('Enviar logotipo')).toBeVisible();
    const segment = dialog.getByRole('textbox', { name: 'Segmento' });
    await userEvent.clear(segment);
    await userEvent.type(segment, 'Logística e armazenagem');
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar empresa' })).toBeNull());
    await expect(await canvas.findByText('Logística e armazenagem')).toBeVisible();
    await expectToast('Empresa atualizada.');
  },
};

/** "Nova filial": the CNPJ starts with the next order of the company's root; CEP lookup fails softly. */
export const NewBranch: Story = {
  args: { path: '/companies/100?tab=filiais' },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Filiais' });
    const dialog = await openForm(canvas, 'Nova filial', 'Nova filial');
    // Acme has 0001 and 0002.
    await expect(field(dialog, 'CNPJ')).toHaveValue(formatCnpj(fixtureCnpj('11222333', 3)));
    await userEvent.type(field(dialog, 'Nome'), 'Filial Santos');
    const cep = field(dialog, 'CEP');
    await userEvent.type(cep, '11010150');
    await expect(cep).toHaveValue('11010-150');
    // The demo server has no CEP provider: the person types the address.
    await expect(
      await dialog.findByText('Endereço não encontrado pelo CEP: preencha os campos.'),
    ).toBeVisible();
    await userEvent.type(field(dialog, 'Logradouro'), 'Rua XV de Novembro');
    await userEvent.type(field(dialog, 'Cidade'), 'Santos');
    await userEvent.click(dialog.getByRole('combobox', { name: 'UF' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SP' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar filial' }));
    await expectToast('Filial cadastrada.');
    const table = canvas.getByRole('table', { name: 'Filiais' });
    await expect(await within(table).findByText('Filial Santos')).toBeVisible();
    await expect(within(table).getByText(/Rua XV de Novembro – Santos\/SP, CEP 11010-150/)).toBeVisible();
  },
};

/** A branch CNPJ of another root is refused by the server; the reason shows under the CNPJ. */
export const BranchCnpjOfAnotherRoot: Story = {
  args: { path: '/companies/100?tab=filiais' },
  play: async ({ canvas }) => {
    await canvas.findByRole('table', { name: 'Filiais' });
    const dialog = await openForm(canvas, 'Nova filial', 'Nova filial');
    await userEvent.type(field(dialog, 'Nome'), 'Filial de outra raiz');
    const cnpj = field(dialog, 'CNPJ');
    await userEvent.clear(cnpj);
    // Globex's CNPJ: valid, but not Acme's root.
    await userEvent.type(cnpj, fixtureCnpj('44555666'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar filial' }));
    await waitFor(() => expect(cnpj).toHaveAccessibleDescription(/deve ter a mesma raiz \(11\.222\.333\)/));
    await expect(cnpj).toHaveFocus();
  },
};

/** "Novo contato": flags, WhatsApp, another company from the list; the card shows them. */
export const NewContact: Story = {
  args: { path: '/companies/100?tab=contatos' },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Contatos' });
    const dialog = await openForm(canvas, 'Novo contato', 'Novo contato');
    await userEvent.type(field(dialog, 'Nome'), 'Renata Campos');
    await userEvent.type(field(dialog, 'Cargo'), 'Analista de suporte');
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail' }), 'renata@globex.com.br');
    // Its domain is Globex's: offered as another company of hers.
    await userEvent.click(await dialog.findByRole('button', { name: 'Adicionar Globex às outras empresas' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Celular' }), '11987654321');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Celular com WhatsApp' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /^Técnico/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /^VIP/ }));
    await expect(dialog.getByText('Acesso ao portal: nenhum. O acesso é criado em Usuários.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar contato' }));
    await expectToast('Contato cadastrado.');
    const list = canvas.getByRole('list', { name: 'Contatos' });
    const card = (await within(list).findByRole('heading', { name: 'Renata Campos' })).closest('li')!;
    await expect(within(card).getByText('Técnico')).toBeVisible();
    await expect(within(card).getByText('VIP')).toBeVisible();
    await expect(within(card).getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321',
    );
    await expect(within(card).getByRole('link', { name: 'Globex' })).toHaveAttribute(
      'href',
      '/companies/101',
    );
  },
};

/** A contact's invalid e-mail and phone show under their fields. */
export const ContactValidation: Story = {
  args: { path: '/companies/100?tab=contatos' },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Contatos' });
    const dialog = await openForm(canvas, 'Novo contato', 'Novo contato');
    await userEvent.type(field(dialog, 'Nome'), 'Sem Contato');
    await userEvent.type(dialog.getByRole('textbox', { name: 'E-mail' }), 'sem-arroba');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Telefone' }), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Cadastrar contato' }));
    const email = dialog.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveFocus());
    await expect(email).toHaveAccessibleDescription('E-mail inválido');
    await expect(dialog.getByRole('textbox', { name: 'Telefone' })).toHaveAccessibleDescription(
      /^Telefone inválido/,
    );
  },
};

/** Importing a CSV with one bad row: the good rows are saved, the report lists the bad one. */
export const ImportWithBadRow: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Importar CSV' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Importar CSV' }));
    await expect(dialog.getByRole('radio', { name: 'Empresas' })).toBeChecked();
    const csv = [
      'nome;razao_social;cnpj;tipo',
      'Nova Era;Nova Era Serviços Ltda.;;cliente',
      'CNPJ Errado;CNPJ Errado Ltda.;11.222.333/0001-00;cliente',
      'Boa Vista;Boa Vista Comércio Ltda.;;fornecedor',
    ].join('\n');
    await userEvent.upload(
      dialog.getByLabelText(/Arquivo CSV/),
      new File([csv], 'empresas.csv', { type: 'text/csv' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Importar' }));
    const report = await dialog.findByRole('region', { name: 'Relatório da importação' });
    await expect(within(report).getByRole('status')).toHaveTextContent('2 criadas, 0 atualizadas');
    const table = within(report).getByRole('table', { name: 'Linhas recusadas' });
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(1);
    await expect(rows[0]).toHaveTextContent('3');
    await expect(rows[0]).toHaveTextContent('cnpj');
    await expect(rows[0]).toHaveTextContent('CNPJ inválido');
    await userEvent.click(dialog.getByRole('button', { name: 'Concluir' }));
    // The saved rows are in the list.
    await expect(await canvas.findByText('10 empresas')).toBeVisible();
  },
};

/** A file that is not a CSV is refused before anything is sent. */
export const ImportWrongFile: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Importar CSV' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Importar CSV' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Importar' }));
    const input = dialog.getByLabelText(/Arquivo CSV/);
    await expect(input).toHaveAccessibleDescription(/Escolha um arquivo CSV\./);
  },
};

/** On a phone the company form fills the screen's width without sideways scrolling; saving still works. */
export const CompanyFormOnPhone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const dialog = await openForm(canvas, 'Nova empresa', 'Nova empresa');
    const box = screen.getByRole('dialog', { name: 'Nova empresa' });
    await waitFor(() => expect(box.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth));
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await userEvent.type(field(dialog, 'Nome fantasia'), 'Oficina Ribeiro');
    await userEvent.type(field(dialog, 'Razão social'), 'Oficina Mecânica Ribeiro e Filhos Ltda.');
    const submit = dialog.getByRole('button', { name: 'Cadastrar empresa' });
    submit.scrollIntoView();
    await userEvent.click(submit);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Oficina Ribeiro' })).toBeVisible();
  },
};

/** On a phone the contact form's fields and flags stay within the screen, the save button reachable. */
export const ContactFormOnPhone: Story = {
  args: { path: '/companies/100?tab=contatos' },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Contatos' });
    const dialog = await openForm(canvas, 'Novo contato', 'Novo contato');
    const box = screen.getByRole('dialog', { name: 'Novo contato' });
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    await userEvent.type(field(dialog, 'Nome'), 'Paulo Mendes');
    const save = dialog.getByRole('button', { name: 'Cadastrar contato' });
    save.scrollIntoView();
    await expect(save).toBeVisible();
  },
};
