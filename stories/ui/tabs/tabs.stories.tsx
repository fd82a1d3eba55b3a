import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger, type RenderLink } from '@farol/ui';

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { defaultValue: 'dados', onValueChange: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component: 'Abas (Radix Tabs) que trocam o painel mostrado, ou links guiados pela URL.',
      },
    },
  },
  render: (args) => (
    <Tabs {...args}>
      <TabsList aria-label="Seções da empresa">
        <TabsTrigger value="dados">Dados</TabsTrigger>
        <TabsTrigger value="filiais">Filiais</TabsTrigger>
        <TabsTrigger value="contatos">Contatos</TabsTrigger>
        <TabsTrigger value="contratos" disabled>
          Contratos
        </TabsTrigger>
      </TabsList>
      <TabsContent value="dados">Razão social, CNPJ e endereço.</TabsContent>
      <TabsContent value="filiais">3 filiais cadastradas.</TabsContent>
      <TabsContent value="contatos">Ana Lima, Bruno Reis.</TabsContent>
      <TabsContent value="contratos">Sem contratos.</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const tab = (name: string) => canvas.getByRole('tab', { name });
    await expect(canvas.getByRole('tablist', { name: 'Seções da empresa' })).toBeVisible();
    await expect(tab('Dados')).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Dados' })).toHaveTextContent('Razão social');
    await userEvent.click(tab('Filiais'));
    await expect(tab('Filiais')).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Filiais' })).toHaveTextContent('3 filiais');
    await expect(args.onValueChange).toHaveBeenCalledWith('filiais');
  },
};

/** As setas movem e selecionam (pulando a aba desativada, dando a volta), Home/End saltam às pontas, Tab entra no painel. */
export const Keyboard: Story = {
  play: async ({ canvas }) => {
    const tab = (name: string) => canvas.getByRole('tab', { name });
    await userEvent.tab();
    await expect(tab('Dados')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(tab('Filiais')).toHaveFocus();
    await expect(tab('Filiais')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(tab('Dados')).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(tab('Contatos')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(tab('Dados')).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Dados' })).toHaveFocus();
  },
};

export const LineVariant: Story = {
  render: (args) => (
    <Tabs {...args}>
      <TabsList variant="line" aria-label="Seções da empresa">
        <TabsTrigger value="dados">Dados</TabsTrigger>
        <TabsTrigger value="filiais">Filiais</TabsTrigger>
      </TabsList>
      <TabsContent value="dados">Razão social, CNPJ e endereço.</TabsContent>
      <TabsContent value="filiais">3 filiais cadastradas.</TabsContent>
    </Tabs>
  ),
  play: async ({ canvas }) => {
    const active = canvas.getByRole('tab', { name: 'Dados' });
    await expect(active).toHaveAttribute('data-state', 'active');
    await expect(getComputedStyle(active).borderBottomWidth).toBe('2px');
    await expect(getComputedStyle(active).borderBottomColor).not.toBe(
      getComputedStyle(canvas.getByRole('tab', { name: 'Filiais' })).borderBottomColor,
    );
  },
};

const SECTIONS = [
  { path: '/companies/7', label: 'Dados' },
  { path: '/companies/7/branches', label: 'Filiais' },
  { path: '/companies/7/contacts', label: 'Contatos' },
];

/** A stand-in router: links change `pathname` without leaving the story. */
function RoutedTabs({ onNavigate }: { onNavigate: (path: string) => void }) {
  const [pathname, setPathname] = useState('/companies/7');
  const renderLink: RenderLink = ({ href, children, onClick, ...props }) => (
    <a
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        setPathname(href);
        onNavigate(href);
      }}
    >
      {children}
    </a>
  );
  return (
    <Tabs value={pathname} renderLink={renderLink} activationMode="manual">
      <TabsList variant="line" aria-label="Seções da empresa">
        {SECTIONS.map((section) => (
          <TabsTrigger key={section.path} value={section.path} href={section.path}>
            {section.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={pathname}>Página {pathname}</TabsContent>
    </Tabs>
  );
}

/** Abas como links guiados por um roteador: a URL escolhe a aba; clique, Enter ou Espaço seguem o link. */
export const AsRouterLinks: Story = {
  render: () => <RoutedTabs onNavigate={fn()} />,
  args: {},
  play: async ({ canvas }) => {
    const tab = (name: string) => canvas.getByRole('tab', { name });
    await expect(tab('Filiais').tagName).toBe('A');
    await expect(tab('Filiais')).toHaveAttribute('href', '/companies/7/branches');
    await expect(tab('Dados')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tab('Filiais'));
    await expect(tab('Filiais')).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Página /companies/7/branches');
    // Arrows only move focus; Enter or Space follows the link.
    await userEvent.keyboard('{ArrowRight}');
    await expect(tab('Contatos')).toHaveFocus();
    await expect(tab('Filiais')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(tab('Contatos')).toHaveAttribute('aria-selected', 'true'));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(tab('Dados')).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(tab('Dados')).toHaveAttribute('aria-selected', 'true'));
  },
};

const MANY = ['Todos', 'Abertos', 'Aberto', 'Em andamento', 'Aguardando cliente', 'Resolvido', 'Fechado'];

/** No celular uma lista longa de abas rola para o lado dentro de si; a página não alarga. */
export const ManyTabsOnPhone: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: { defaultValue: 'Todos' },
  render: (args) => (
    <Tabs {...args}>
      <TabsList variant="line" aria-label="Filtrar por status">
        {MANY.map((name) => (
          <TabsTrigger key={name} value={name}>
            {name}
          </TabsTrigger>
        ))}
      </TabsList>
      {MANY.map((name) => (
        <TabsContent key={name} value={name}>
          Chamados: {name}
        </TabsContent>
      ))}
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(window.innerWidth).toBe(375));
    const list = within(canvasElement).getByRole('tablist');
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    // Focusing the last tab scrolls it into view.
    within(canvasElement).getByRole('tab', { name: 'Fechado' }).focus();
    await waitFor(() => expect(list.scrollLeft).toBeGreaterThan(0));
  },
};
