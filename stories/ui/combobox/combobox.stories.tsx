import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  Button,
  Combobox,
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  optionMatches,
  type ComboboxOption,
} from '@farol/ui';
import { COMPANIES } from '../field/field-fixtures';

const meta = {
  title: 'UI/Forms/Combobox',
  component: Combobox,
  tags: ['autodocs'],
  args: { 'aria-label': 'Empresa', options: COMPANIES, onValueChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Um campo com sugestões (o padrão combobox da WAI-ARIA): digitar filtra as opções sem acentos nem maiúsculas; aceita uma ou várias escolhas.',
      },
    },
  },
  render: (args) => (
    <div className="max-w-sm">
      <Combobox {...args} />
    </div>
  ),
} satisfies Meta<typeof Combobox>;
export default meta;
type Story = StoryObj<typeof meta>;

const input = () => screen.getByRole('combobox', { name: 'Empresa' });
const listbox = () => screen.getByRole('listbox', { name: 'Empresa' });
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);
/** The option aria-activedescendant points at. */
const activeOption = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

export const Closed: Story = {
  play: async () => {
    await expect(input()).toHaveAttribute('aria-expanded', 'false');
    await expect(input()).toHaveAttribute('aria-autocomplete', 'list');
    await expect(input()).toHaveAttribute('placeholder', 'Buscar…');
    await expect(screen.queryByRole('listbox')).toBeNull();
  },
};

/** Digitar filtra sem acentos nem maiúsculas e ativa a primeira opção encontrada; Enter a escolhe. */
export const TypeAndEnter: Story = {
  play: async ({ args }) => {
    await userEvent.type(input(), 'sao');
    await expect(input()).toHaveAttribute('aria-expanded', 'true');
    await expect(input()).toHaveAttribute('aria-controls', listbox().id);
    await expect(optionNames()).toEqual(['Conexão São Paulo Ltda98.765.432/0001-10']);
    await expect(activeOption()).toHaveTextContent('Conexão São Paulo Ltda');
    await expect(input()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(input()).toHaveValue('Conexão São Paulo Ltda');
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith('4');
  },
};

/** As setas percorrem as opções (pulando as desativadas, dando a volta nas pontas); Escape fecha. */
export const ArrowKeys: Story = {
  args: { defaultValue: '3' },
  play: async ({ args }) => {
    await expect(input()).toHaveValue('Initech Serviços de TI');
    input().focus();
    await userEvent.keyboard('{ArrowDown}');
    // Opens on the chosen option, which is marked.
    await expect(activeOption()).toHaveTextContent('Initech Serviços de TI');
    await userEvent.keyboard('{ArrowDown}');
    await expect(activeOption()).toHaveTextContent('Conexão São Paulo Ltda');
    await userEvent.keyboard('{ArrowDown}');
    // Umbrella is disabled: skipped.
    await expect(activeOption()).toHaveTextContent('Stark Engenharia');
    await userEvent.keyboard('{ArrowDown}');
    await expect(activeOption()).toHaveTextContent('Acme Indústria Ltda');
    await userEvent.keyboard('{ArrowUp}');
    await expect(activeOption()).toHaveTextContent('Stark Engenharia');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(input()).toHaveValue('Initech Serviços de TI');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

export const PointerChooses: Story = {
  play: async ({ args }) => {
    await userEvent.click(input());
    await expect(optionNames()).toHaveLength(COMPANIES.length);
    const umbrella = within(listbox()).getByRole('option', { name: /Umbrella/ });
    await expect(umbrella).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(listbox()).getByRole('option', { name: /Globex/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(input()).toHaveValue('Globex Comércio S.A.');
    await expect(input()).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenCalledWith('2');
    // The clear button empties the choice.
    await userEvent.click(screen.getByRole('button', { name: 'Limpar seleção' }));
    await expect(input()).toHaveValue('');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
  },
};

/** Sair do campo depois de digitar mostra de novo o rótulo escolhido; sair com ele vazio limpa a escolha. */
export const BlurRestoresOrClears: Story = {
  args: { defaultValue: '1' },
  render: (args) => (
    <div className="flex max-w-sm flex-col gap-3">
      <Combobox {...args} />
      <button type="button">Outro campo</button>
    </div>
  ),
  play: async ({ args }) => {
    await userEvent.clear(input());
    await userEvent.type(input(), 'glob');
    await userEvent.click(screen.getByRole('button', { name: 'Outro campo' }));
    await waitFor(() => expect(input()).toHaveValue('Acme Indústria Ltda'));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.clear(input());
    await userEvent.tab();
    await waitFor(() => expect(input()).toHaveValue(''));
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith(null);
  },
};

export const Empty: Story = {
  play: async () => {
    await userEvent.type(input(), 'zzz');
    const status = await screen.findByRole('status');
    await expect(status).toHaveTextContent('Nenhum resultado');
    await expect(status).toBeVisible();
    await expect(optionNames()).toEqual([]);
    await expect(input()).not.toHaveAttribute('aria-activedescendant');
    // Enter with nothing to choose does nothing.
    await userEvent.keyboard('{Enter}');
    await expect(input()).toHaveValue('zzz');
  },
};

/** A fake server: answers the search after 400 ms, as a module's company search would. */
function AsyncCompanies(props: React.ComponentProps<typeof Combobox>) {
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setLoading(true);
    const timer = setTimeout(() => {
      setOptions(COMPANIES.filter((company) => optionMatches(company, query)));
      setLoading(false);
    }, 400);
    return () => clearTimeout(timer);
  }, [query]);
  return (
    <div className="max-w-sm">
      <Combobox {...props} options={options} loading={loading} filter={false} onSearchChange={setQuery} />
    </div>
  );
}

/** Opções vindas de um servidor: 'Carregando…' enquanto carregam, depois a resposta; a escolha mantém o rótulo. */
export const AsyncLoading: Story = {
  render: (args) => <AsyncCompanies {...args} />,
  play: async ({ args }) => {
    await userEvent.type(input(), 'stark');
    await expect(await screen.findByRole('status')).toHaveTextContent('Carregando…');
    // With no options yet the list is hidden; the status speaks for it.
    await expect(screen.getByRole('listbox', { hidden: true })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(optionNames()).toEqual(['Stark Engenharia77.888.999/0001-00']));
    await expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.keyboard('{Enter}');
    await expect(input()).toHaveValue('Stark Engenharia');
    await expect(args.onValueChange).toHaveBeenCalledWith('6');
  },
};

export const AsyncNoResults: Story = {
  render: (args) => <AsyncCompanies {...args} />,
  play: async () => {
    await userEvent.type(input(), 'wayne');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Nenhum resultado'));
  },
};

/** Várias escolhas como etiquetas: Enter adiciona e mantém a lista aberta, Backspace remove a última, × remove uma. */
export const Multiple: Story = {
  args: { multiple: true, defaultValue: ['1'], 'aria-label': 'Empresa' },
  play: async ({ args }) => {
    await expect(screen.getByText('Acme Indústria Ltda')).toBeVisible();
    await userEvent.type(input(), 'glo');
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['1', '2']);
    await expect(input()).toHaveValue('');
    await expect(listbox()).toHaveAttribute('aria-multiselectable', 'true');
    await expect(within(listbox()).getByRole('option', { name: /Globex/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(listbox()).getByRole('option', { name: /Initech/ })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    // Choosing a chosen option again removes it.
    await userEvent.click(within(listbox()).getByRole('option', { name: /Acme/ }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['2']);
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Backspace}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith([]);
    await userEvent.click(input());
    await userEvent.click(within(listbox()).getByRole('option', { name: /Stark/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Remover Stark Engenharia' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith([]);
    await expect(input()).toHaveFocus();
  },
};

/** No celular muitas etiquetas quebram a linha dentro da caixa em vez de alargar a página. */
export const MultipleOnPhone: Story = {
  args: { multiple: true, defaultValue: ['1', '2', '3', '4', '6'] },
  globals: { viewport: { value: 'mobile' } },
  render: (args) => (
    <div className="p-4">
      <Combobox {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const box = canvasElement.querySelector('[data-slot="combobox"]')!;
    await expect(box.getBoundingClientRect().right).toBeLessThanOrEqual(375);
    await expect(box.querySelectorAll('[data-slot="combobox-chip"]')).toHaveLength(5);
    await expect(box.getBoundingClientRect().height).toBeGreaterThan(40);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '2' },
  play: async () => {
    await expect(input()).toBeDisabled();
    await expect(input()).toHaveValue('Globex Comércio S.A.');
    await expect(screen.queryByRole('button', { name: 'Limpar seleção' })).toBeNull();
    await userEvent.click(input(), { pointerEventsCheck: 0 });
    await expect(screen.queryByRole('listbox')).toBeNull();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true },
  play: async () => {
    await expect(input()).toBeInvalid();
  },
};

const MANY: ComboboxOption[] = Array.from({ length: 60 }, (_, i) => ({
  value: String(i + 1),
  label: `Filial ${String(i + 1).padStart(2, '0')} — Avenida Engenheiro Luís Carlos Berrini, ${1000 + i}, São Paulo`,
}));

/** Rótulos longos são cortados, a lista rola e a opção ativa fica à vista. */
export const LongContent: Story = {
  args: { options: MANY, 'aria-label': 'Empresa' },
  play: async () => {
    input().focus();
    await userEvent.keyboard('{ArrowUp}');
    const last = activeOption()!;
    await expect(last).toHaveTextContent('Filial 60');
    const list = listbox().getBoundingClientRect();
    const row = last.getBoundingClientRect();
    await expect(row.bottom).toBeLessThanOrEqual(list.bottom + 1);
    await expect(row.top).toBeGreaterThanOrEqual(list.top - 1);
    await expect(list.height).toBeLessThanOrEqual(260);
  },
};

/** Num diálogo, Escape fecha primeiro a lista e só no segundo toque o diálogo. */
export const InsideDialog: Story = {
  render: (args) => (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Vincular empresa</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Vincular empresa</DialogTitle>
        </DialogHeader>
        <Combobox {...args} />
      </DialogContent>
    </Dialog>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Vincular empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vincular empresa' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Empresa' }));
    await screen.findByRole('listbox', { name: 'Empresa' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(screen.getByRole('dialog', { name: 'Vincular empresa' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
