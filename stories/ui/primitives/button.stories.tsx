import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlusIcon } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '@farol/ui';

const meta = {
  title: 'UI/Primitives/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Salvar', onClick: fn() },
  parameters: {
    layout: 'centered',
    docs: {
      description: {
        component:
          'O botão do kit: variantes padrão, secundária, contorno, fantasma, destrutiva e link; `asChild` aplica o estilo a um link.',
      },
    },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Salvar' });
    await expect(button).toHaveAttribute('type', 'button');
    await expect(button).toHaveAttribute('data-slot', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      <Button {...args}>Padrão</Button>
      <Button {...args} variant="secondary">
        Secundário
      </Button>
      <Button {...args} variant="outline">
        Contorno
      </Button>
      <Button {...args} variant="ghost">
        Fantasma
      </Button>
      <Button {...args} variant="destructive">
        Excluir
      </Button>
      <Button {...args} variant="link">
        Link
      </Button>
      <Button {...args} size="sm">
        <PlusIcon aria-hidden="true" />
        Pequeno
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    for (const name of ['Padrão', 'Secundário', 'Contorno', 'Fantasma', 'Excluir', 'Link', 'Pequeno']) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Salvar' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const AsChildLink: Story = {
  args: { asChild: true, children: <a href="#configuracoes">Configurações</a> },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Configurações' });
    await expect(link).toHaveAttribute('data-slot', 'button');
    await expect(link).toHaveAttribute('href', '#configuracoes');
  },
};
