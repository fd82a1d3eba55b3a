import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Pagination } from '@farol/ui';
import { storyRenderLink } from '../primitives/story-fixtures';

const meta = {
  title: 'UI/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: { page: 5, pageCount: 20, onPageChange: fn() },
  globals: { viewport: { value: 'desktop' } },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Navegação entre páginas: Anterior, páginas numeradas com reticências, Próxima. As páginas são botões ou links; no celular vira "Página 2 de 9" entre as duas setas.',
      },
    },
  },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('navigation', { name: 'Paginação' });
const visibleLabels = (canvasElement: HTMLElement) =>
  within(nav(canvasElement))
    .getAllByRole('button')
    .filter((button) => button.checkVisibility())
    .map((button) => button.textContent);

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(window.innerWidth).toBe(1280));
    const pages = within(nav(canvasElement));
    await expect(visibleLabels(canvasElement)).toEqual([
      'Anterior',
      'Página 11',
      'Página 44',
      'Página 55',
      'Página 66',
      'Página 2020',
      'Próxima',
    ]);
    const current = pages.getByRole('button', { name: 'Página 5' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await userEvent.click(pages.getByRole('button', { name: 'Página 6' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(pages.getByRole('button', { name: 'Próxima' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(6);
    await userEvent.click(pages.getByRole('button', { name: 'Anterior' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4);
    // Clicking the current page does nothing.
    await userEvent.click(current);
    await expect(args.onPageChange).toHaveBeenCalledTimes(3);
  },
};

/** Na primeira página "Anterior" continua focável mas não faz nada (aria-disabled). */
export const FirstPage: Story = {
  args: { page: 1, total: 120, pageSize: 50, pageCount: undefined },
  play: async ({ canvasElement, args }) => {
    const pages = within(nav(canvasElement));
    const previous = pages.getByRole('button', { name: 'Anterior' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(previous);
    await expect(args.onPageChange).not.toHaveBeenCalled();
    // 120 items of 50 make 3 pages.
    await expect(pages.getByRole('button', { name: 'Página 3' })).toBeVisible();
    await expect(pages.queryByRole('button', { name: 'Página 4' })).toBeNull();
  },
};

export const LastPage: Story = {
  args: { page: 20 },
  play: async ({ canvasElement }) => {
    await expect(within(nav(canvasElement)).getByRole('button', { name: 'Próxima' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** Cada página é um link (uma lista que se pode salvar nos favoritos); nas pontas, links que não levam a lugar nenhum. */
export const AsLinks: Story = {
  args: {
    page: 1,
    pageCount: 4,
    getPageHref: (page) => `/companies?page=${page}`,
    renderLink: storyRenderLink,
  },
  play: async ({ canvasElement }) => {
    const pages = within(nav(canvasElement));
    await expect(pages.getByRole('link', { name: 'Página 2' })).toHaveAttribute('href', '/companies?page=2');
    await expect(pages.getByRole('link', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('link', { name: 'Próxima' })).toHaveAttribute('href', '/companies?page=2');
    const previous = pages.getByRole('link', { name: 'Anterior' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await expect(previous).not.toHaveAttribute('href');
    await expect(pages.queryByRole('button')).toBeNull();
  },
};

/** No celular: Anterior, "Página 5 de 20", Próxima. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    await expect(visibleLabels(canvasElement)).toEqual(['Anterior', 'Próxima']);
    await expect(within(nav(canvasElement)).getByText('Página 5 de 20')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

export const Compact: Story = {
  args: { compact: true, page: 1234, pageCount: 5000 },
  play: async ({ canvasElement }) => {
    await expect(within(nav(canvasElement)).getByText('Página 1.234 de 5.000')).toBeVisible();
    await expect(visibleLabels(canvasElement)).toEqual(['Anterior', 'Próxima']);
  },
};

function Stateful() {
  const [page, setPage] = useState(1);
  return <Pagination page={page} pageCount={9} onPageChange={setPage} />;
}

/** Teclado: Tab alcança cada controle, Enter muda de página; o foco fica em "Próxima" enquanto as páginas mudam. */
export const Keyboard: Story = {
  render: () => <Stateful />,
  play: async ({ canvasElement }) => {
    const pages = within(nav(canvasElement));
    const next = pages.getByRole('button', { name: 'Próxima' });
    next.focus();
    await userEvent.keyboard('{Enter}{Enter}');
    await expect(pages.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page');
    await expect(next).toHaveFocus();
  },
};
