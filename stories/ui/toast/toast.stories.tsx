import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button, Toaster, toast } from '@farol/ui';
import { storyRenderLink } from '../primitives/story-fixtures';

const onUndo = fn();

function ToastDemo(props: React.ComponentProps<typeof Toaster>) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        onClick={() => toast.success('Empresa criada', { link: { href: '/companies/7', label: 'Abrir' } })}
      >
        Sucesso
      </Button>
      <Button
        variant="destructive"
        onClick={() =>
          toast.error('Não foi possível salvar', {
            description: 'O servidor não respondeu. Tente novamente.',
          })
        }
      >
        Erro
      </Button>
      <Button
        variant="secondary"
        onClick={() => toast.info('Chamado arquivado', { action: { label: 'Desfazer', onClick: onUndo } })}
      >
        Informação
      </Button>
      <Button variant="outline" onClick={() => toast('Rascunho salvo')}>
        Simples
      </Button>
      <Toaster {...props} />
    </div>
  );
}

const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
  tags: ['autodocs'],
  args: { renderLink: storyRenderLink, duration: 60_000 },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          "Os avisos passageiros (toasts): anunciados com educação numa região chamada 'Avisos', pausam com o mouse ou o foco em cima e perdem o movimento com prefers-reduced-motion.",
      },
    },
  },
  beforeEach: () => {
    toast.dismiss();
  },
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

const region = () => screen.getByRole('region', { name: /^Avisos/ });
const toastItem = (text: string) =>
  waitFor(() => {
    const item = screen.getByText(text).closest('[data-sonner-toast]');
    if (!(item instanceof HTMLElement)) throw new Error(`no toast with "${text}"`);
    return item;
  });

/** Um aviso de sucesso com link (por renderLink), numa região viva educada chamada 'Avisos'. */
export const SuccessWithLink: Story = {
  play: async ({ canvas }) => {
    await expect(region()).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(canvas.getByRole('button', { name: 'Sucesso' }));
    const item = await toastItem('Empresa criada');
    await expect(item).toHaveAttribute('data-type', 'success');
    await expect(region()).toContainElement(item);
    await waitFor(() => expect(item).toBeVisible());
    const link = within(item).getByRole('link', { name: 'Abrir' });
    await expect(link).toHaveAttribute('href', '/companies/7');
    // Themed: the popover surface of the palette, not sonner's own colours.
    await expect(getComputedStyle(item).backgroundColor).toBe('rgb(30, 41, 59)');
    await expect(getComputedStyle(item.querySelector('[data-icon]')!).color).toBe('rgb(74, 222, 128)');
  },
};

export const ErrorWithDescription: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Erro' }));
    const item = await toastItem('Não foi possível salvar');
    await expect(item).toHaveAttribute('data-type', 'error');
    // Toasts fade in.
    await waitFor(() =>
      expect(within(item).getByText('O servidor não respondeu. Tente novamente.')).toBeVisible(),
    );
    await expect(getComputedStyle(item.querySelector('[data-icon]')!).color).toBe('rgb(248, 113, 113)');
  },
};

export const InfoWithAction: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Informação' }));
    const item = await toastItem('Chamado arquivado');
    await expect(item).toHaveAttribute('data-type', 'info');
    await userEvent.click(within(item).getByRole('button', { name: 'Desfazer' }));
    await expect(onUndo).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('Chamado arquivado')).toBeNull());
  },
};

/** Com botão de fechar ('Fechar aviso'); vários avisos se empilham. */
export const Closable: Story = {
  args: { closeButton: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Simples' }));
    const item = await toastItem('Rascunho salvo');
    await userEvent.click(within(item).getByRole('button', { name: 'Fechar aviso' }));
    await waitFor(() => expect(screen.queryByText('Rascunho salvo')).toBeNull());
  },
};

/** Os avisos somem sozinhos depois da sua duração. */
export const AutoDismiss: Story = {
  args: { duration: 800 },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Simples' }));
    await toastItem('Rascunho salvo');
    await waitFor(() => expect(screen.queryByText('Rascunho salvo')).toBeNull(), { timeout: 4000 });
  },
};

/** No celular o aviso ocupa a largura da tela, dentro dela. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    await userEvent.click(canvas.getByRole('button', { name: 'Erro' }));
    const item = await toastItem('Não foi possível salvar');
    const box = item.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(375);
    await expect(box.width).toBeGreaterThan(300);
  },
};
