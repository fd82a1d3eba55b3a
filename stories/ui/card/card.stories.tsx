import type { Meta, StoryObj } from '@storybook/react-vite';
import { EllipsisIcon } from 'lucide-react';
import { expect, waitFor } from 'storybook/test';
import {
  Button,
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  IconButton,
  Skeleton,
  Spinner,
} from '@farol/ui';

const meta = {
  title: 'UI/Card',
  component: Card,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: { component: 'Um cartão: cabeçalho com título, descrição e ações, conteúdo e rodapé.' },
    },
  },
  render: (args) => (
    <Card {...args} className="max-w-md">
      <CardHeader>
        <CardTitle>Acme Indústria Ltda</CardTitle>
        <CardDescription>CNPJ 12.ABC.345/01DE-35 · Matriz em São Paulo/SP</CardDescription>
        <CardAction>
          <IconButton label="Mais ações da empresa" size="sm">
            <EllipsisIcon aria-hidden="true" />
          </IconButton>
        </CardAction>
      </CardHeader>
      <CardContent>
        <p className="text-sm">3 filiais, 12 contatos, 4 chamados em aberto.</p>
      </CardContent>
      <CardFooter className="justify-end">
        <Button variant="outline" size="sm">
          Ver chamados
        </Button>
        <Button size="sm">Abrir empresa</Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const title = canvas.getByRole('heading', { level: 3, name: 'Acme Indústria Ltda' });
    await expect(title).toHaveAttribute('data-slot', 'card-title');
    const action = canvas.getByRole('button', { name: 'Mais ações da empresa' });
    // The action sits in the header's top-right corner, level with the title.
    await expect(action.getBoundingClientRect().left).toBeGreaterThan(title.getBoundingClientRect().right);
    await expect(
      Math.abs(action.getBoundingClientRect().top - title.getBoundingClientRect().top),
    ).toBeLessThan(8);
    const card = canvasElement.querySelector('[data-slot="card"]')!;
    await expect(getComputedStyle(card).backgroundColor).toBe('rgb(30, 41, 59)');
    await expect(canvas.getByRole('button', { name: 'Abrir empresa' })).toBeVisible();
  },
};

/** Um título longo quebra a linha e não empurra nada para fora do cartão. */
export const LongContent: Story = {
  render: (args) => (
    <Card {...args} className="max-w-xs">
      <CardHeader>
        <CardTitle>Companhia Brasileira de Distribuição e Logística Integrada do Sudeste S.A.</CardTitle>
        <CardDescription>
          Avenida Engenheiro Luís Carlos Berrini, 1.376, conjunto 142, Cidade Monções — São Paulo/SP
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm">Sem chamados.</CardContent>
    </Card>
  ),
  play: async ({ canvas, canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]')!.getBoundingClientRect();
    const title = canvas.getByRole('heading', { level: 3 }).getBoundingClientRect();
    await expect(title.right).toBeLessThanOrEqual(card.right);
    await expect(title.height).toBeGreaterThan(30);
  },
};

/** O título pode assumir o nível de título da página. */
export const HeadingLevel: Story = {
  render: (args) => (
    <Card {...args} className="max-w-md">
      <CardHeader>
        <CardTitle asChild>
          <h2>Resumo do mês</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm">42 chamados resolvidos.</CardContent>
    </Card>
  ),
  play: async ({ canvas }) => {
    const title = canvas.getByRole('heading', { level: 2, name: 'Resumo do mês' });
    await expect(title).toHaveAttribute('data-slot', 'card-title');
  },
};

export const Loading: Story = {
  render: (args) => (
    <Card {...args} className="max-w-md" aria-busy="true">
      <Spinner label="Carregando empresa" className="sr-only" />
      <CardHeader>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-64" />
      </CardHeader>
      <CardContent>
        <Skeleton className="h-4 w-full" />
      </CardContent>
    </Card>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status', { name: 'Carregando empresa' })).toBeInTheDocument();
    const bars = canvasElement.querySelectorAll('[data-slot="skeleton"]');
    await expect(bars).toHaveLength(3);
    await waitFor(() => expect(getComputedStyle(bars[0]!).animationName).toBe('pulse'));
  },
};
