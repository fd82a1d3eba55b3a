import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  Checkbox,
  Combobox,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectTrigger,
  SelectValue,
  Switch,
  Textarea,
} from '@farol/ui';
import { COMPANIES, UfSelectContent } from './field-fixtures';

const meta = {
  title: 'UI/Forms/Field',
  component: Field,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Um campo de formulário: rótulo, controle, dica opcional e erro. O Field liga o controle (Input, Textarea, Select, Combobox, Checkbox, Switch, RadioGroup) ao rótulo e aos textos.',
      },
    },
  },
  render: (args) => (
    <div className="max-w-sm">
      <Field {...args}>
        <FieldLabel>Razão social</FieldLabel>
        <Input placeholder="Ex.: Acme Indústria Ltda" />
        <FieldHint>Como consta no cartão CNPJ.</FieldHint>
        <FieldError>{args.invalid ? 'Informe a razão social' : null}</FieldError>
      </Field>
    </div>
  ),
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Razão social' });
    await expect(input).toHaveAccessibleDescription('Como consta no cartão CNPJ.');
    await expect(input).not.toBeInvalid();
    await expect(input).not.toBeRequired();
    // Clicking the label focuses the control.
    await userEvent.click(canvas.getByText('Razão social'));
    await expect(input).toHaveFocus();
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Razão social' });
    await expect(input).toHaveAttribute('aria-required', 'true');
    const marker = canvas.getByText('*');
    await expect(marker).toBeVisible();
    await expect(marker).toHaveAttribute('aria-hidden', 'true');
  },
};

export const WithError: Story = {
  args: { invalid: true, required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Razão social' });
    await expect(canvas.getByText('Informe a razão social')).toBeVisible();
    await expect(input).toBeInvalid();
    // The error is read first, then the hint.
    await expect(input).toHaveAccessibleDescription('Informe a razão social Como consta no cartão CNPJ.');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Razão social' })).toBeDisabled();
  },
};

/** Cada controle do kit recebe rótulo, descrição e estado do Field que o envolve. */
export const WithEveryControl: Story = {
  render: () => (
    <form className="grid max-w-md gap-5" aria-label="Nova empresa">
      <Field required invalid>
        <FieldLabel>Observações</FieldLabel>
        <Textarea />
        <FieldError>Escreva ao menos 10 caracteres</FieldError>
      </Field>
      <Field required>
        <FieldLabel>UF</FieldLabel>
        <Select>
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <UfSelectContent />
        </Select>
        <FieldHint>Define os feriados estaduais do SLA.</FieldHint>
      </Field>
      <Field>
        <FieldLabel>Empresa</FieldLabel>
        <Combobox options={COMPANIES} />
        <FieldHint>Busque por nome ou CNPJ.</FieldHint>
      </Field>
      <Field orientation="horizontal">
        <Checkbox />
        <FieldLabel>Matriz</FieldLabel>
        <FieldHint>Desmarque para uma filial.</FieldHint>
      </Field>
      <Field orientation="horizontal">
        <Switch />
        <FieldLabel>Ativa</FieldLabel>
      </Field>
      <Field required>
        <FieldLabel>Contrato</FieldLabel>
        <RadioGroup defaultValue="mensal">
          <label className="flex items-center gap-2 text-sm">
            <RadioGroupItem value="mensal" /> Mensal
          </label>
          <label className="flex items-center gap-2 text-sm">
            <RadioGroupItem value="avulso" /> Avulso
          </label>
        </RadioGroup>
      </Field>
    </form>
  ),
  play: async ({ canvas }) => {
    const notes = canvas.getByRole('textbox', { name: 'Observações' });
    await expect(notes).toBeInvalid();
    await expect(notes).toHaveAccessibleDescription('Escreva ao menos 10 caracteres');
    const uf = canvas.getByRole('combobox', { name: 'UF' });
    await expect(uf).toHaveAttribute('aria-required', 'true');
    await expect(uf).toHaveAccessibleDescription('Define os feriados estaduais do SLA.');
    await expect(uf).toHaveTextContent('Selecione…');
    const company = canvas.getByRole('combobox', { name: 'Empresa' });
    await expect(company).toHaveAccessibleDescription('Busque por nome ou CNPJ.');
    const headOffice = canvas.getByRole('checkbox', { name: 'Matriz' });
    await expect(headOffice).toHaveAccessibleDescription('Desmarque para uma filial.');
    await userEvent.click(canvas.getByText('Matriz'));
    await expect(headOffice).toBeChecked();
    const active = canvas.getByRole('switch', { name: 'Ativa' });
    await userEvent.click(canvas.getByText('Ativa'));
    await expect(active).toBeChecked();
    const contract = canvas.getByRole('radiogroup', { name: 'Contrato' });
    await expect(contract).toHaveAttribute('aria-required', 'true');
    await expect(within(contract).getByRole('radio', { name: 'Mensal' })).toBeChecked();
    // The select opens from its label's field and reads its options.
    await userEvent.click(uf);
    await userEvent.click(await screen.findByRole('option', { name: 'São Paulo' }));
    await waitFor(() => expect(uf).toHaveTextContent('São Paulo'));
  },
};
