import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Textarea } from '@farol/ui';

const meta = {
  title: 'UI/Forms/Textarea',
  component: Textarea,
  tags: ['autodocs'],
  args: { 'aria-label': 'Descrição', placeholder: 'Descreva o problema' },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Um campo de texto de várias linhas, que pode crescer com o conteúdo; ligado ao rótulo pelo Field que o envolve.',
      },
    },
  },
  render: (args) => (
    <div className="max-w-md">
      <Textarea {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = () => document.querySelector<HTMLTextAreaElement>('[data-slot="textarea"]')!;
const height = () => Math.round(box().getBoundingClientRect().height);

export const Default: Story = {
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Descrição' });
    await userEvent.type(textarea, 'A impressora{Enter}não liga');
    await expect(textarea).toHaveValue('A impressora\nnão liga');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Somente leitura' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Descrição' })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { 'aria-invalid': true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Descrição' })).toBeInvalid();
  },
};

/** Cresce a cada linha até `maxRows`, depois rola por dentro; volta a encolher quando linhas são apagadas. */
export const AutoGrow: Story = {
  args: { autoGrow: true, maxRows: 5 },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Descrição' });
    const start = height();
    await userEvent.type(textarea, 'um{Enter}dois{Enter}três{Enter}quatro');
    await waitFor(() => expect(height()).toBeGreaterThan(start));
    const four = height();
    await userEvent.type(textarea, '{Enter}cinco{Enter}seis{Enter}sete{Enter}oito');
    // Capped at five lines: it stops growing and scrolls.
    const capped = height();
    await expect(capped).toBeGreaterThan(four);
    await expect(capped).toBeLessThan(four * 2);
    await expect(getComputedStyle(box()).overflowY).toBe('auto');
    await userEvent.clear(textarea);
    await waitFor(() => expect(height()).toBe(start));
  },
};

/** Um texto longo vindo de fora (um rascunho) já dimensiona a caixa de início. */
export const AutoGrowWithLongContent: Story = {
  args: {
    autoGrow: true,
    defaultValue: Array.from({ length: 6 }, (_, i) => `Linha ${i + 1} do relato do cliente`).join('\n'),
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Descrição' });
    await expect(textarea.scrollHeight).toBeLessThanOrEqual(textarea.clientHeight + 1);
    await expect(getComputedStyle(textarea).overflowY).toBe('hidden');
  },
};
