import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@farol/ui';

const PRIORITIES = [
  { value: 'baixa', label: 'Baixa' },
  { value: 'media', label: 'Média' },
  { value: 'alta', label: 'Alta' },
  { value: 'urgente', label: 'Urgente' },
];

const meta = {
  title: 'UI/Forms/Select',
  component: Select,
  tags: ['autodocs'],
  args: { onValueChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: 'Uma lista de escolha única (Radix Select), com grupos, separadores e opções desativadas.',
      },
    },
  },
  render: (args) => (
    <div className="max-w-xs">
      <Select {...args}>
        <SelectTrigger aria-label="Prioridade">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PRIORITIES.map((priority) => (
            <SelectItem key={priority.value} value={priority.value}>
              {priority.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  ),
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

const trigger = () => screen.getByRole('combobox', { name: 'Prioridade' });

export const Placeholder: Story = {
  play: async () => {
    await expect(trigger()).toHaveTextContent('Selecione…');
    await expect(trigger()).toHaveAttribute('data-placeholder');
    await expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  },
};

export const PointerChooses: Story = {
  play: async ({ args }) => {
    await userEvent.click(trigger());
    const listbox = await screen.findByRole('listbox');
    await expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Baixa', 'Média', 'Alta', 'Urgente']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Alta' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger()).toHaveTextContent('Alta');
    await expect(args.onValueChange).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenCalledWith('alta');
    await expect(trigger()).toHaveFocus();
  },
};

/** Enter abre, as setas movem, digitar salta para a opção, Enter escolhe, Escape fecha sem escolher. */
export const Keyboard: Story = {
  args: { defaultValue: 'media' },
  play: async ({ args }) => {
    trigger().focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    // Opens on the chosen option.
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Média' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(listbox).getByRole('option', { name: 'Alta' })).toHaveFocus();
    await userEvent.keyboard('u');
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'Urgente' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger()).toHaveTextContent('Urgente');
    await expect(args.onValueChange).toHaveBeenCalledWith('urgente');
    await expect(trigger()).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger()).toHaveTextContent('Urgente');
    await expect(trigger()).toHaveFocus();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'alta' },
  play: async () => {
    await expect(trigger()).toBeDisabled();
    await userEvent.click(trigger(), { pointerEventsCheck: 0 });
    await expect(screen.queryByRole('listbox')).toBeNull();
  },
};

export const Invalid: Story = {
  render: (args) => (
    <div className="max-w-xs">
      <Select {...args}>
        <SelectTrigger aria-label="Prioridade" aria-invalid>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="baixa">Baixa</SelectItem>
        </SelectContent>
      </Select>
    </div>
  ),
  play: async () => {
    await expect(trigger()).toBeInvalid();
  },
};

/** Grupos com rótulo, um separador, uma opção desativada e textos de opção mais longos que o botão. */
export const GroupsAndLongContent: Story = {
  render: (args) => (
    <div className="w-56">
      <Select {...args}>
        <SelectTrigger aria-label="Responsável">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectGroup>
            <SelectLabel>Equipe de campo</SelectLabel>
            <SelectItem value="1">Ana Beatriz Souza de Albuquerque Cavalcanti</SelectItem>
            <SelectItem value="2">Bruno Lima</SelectItem>
          </SelectGroup>
          <SelectSeparator />
          <SelectGroup>
            <SelectLabel>Suporte remoto</SelectLabel>
            <SelectItem value="3">Carla Dias</SelectItem>
            <SelectItem value="4" disabled>
              Diego Reis (de férias)
            </SelectItem>
          </SelectGroup>
        </SelectContent>
      </Select>
    </div>
  ),
  play: async ({ args }) => {
    const responsible = screen.getByRole('combobox', { name: 'Responsável' });
    await userEvent.click(responsible);
    const listbox = await screen.findByRole('listbox');
    await expect(within(listbox).getByRole('group', { name: 'Suporte remoto' })).toBeVisible();
    const away = within(listbox).getByRole('option', { name: 'Diego Reis (de férias)' });
    await expect(away).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(listbox).getByRole('option', { name: /Ana Beatriz/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // The long name is cut inside the trigger rather than widening it.
    await expect(responsible.getBoundingClientRect().width).toBeLessThanOrEqual(224);
    await expect(args.onValueChange).toHaveBeenCalledWith('1');
  },
};
