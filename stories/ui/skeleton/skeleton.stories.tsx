import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Skeleton, Spinner } from '@farol/ui';

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  tags: ['autodocs'],
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          "Blocos que guardam o lugar do conteúdo enquanto ele carrega. São decorativos: quem anuncia o carregamento é um status ('Carregando…').",
      },
    },
  },
  render: (args) => (
    <div aria-busy="true" className="flex max-w-sm items-center gap-3">
      <Skeleton {...args} className="size-10 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton {...args} className="h-4 w-3/4" />
        <Skeleton {...args} className="h-3 w-1/2" />
      </div>
      <Spinner size="sm" className="sr-only" />
    </div>
  ),
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Barras no formato do conteúdo, ocultas dos leitores de tela (o status diz 'Carregando…'). */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const bars = [...canvasElement.querySelectorAll('[data-slot="skeleton"]')];
    await expect(bars).toHaveLength(3);
    for (const bar of bars) await expect(bar).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(getComputedStyle(bars[0]!).animationName).toBe('pulse'));
    // Visible against the page.
    await expect(getComputedStyle(bars[1]!).backgroundColor).not.toBe(
      getComputedStyle(document.body).backgroundColor,
    );
    await expect(canvas.getByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
  },
};
