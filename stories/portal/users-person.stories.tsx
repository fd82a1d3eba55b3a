import { createUserDirectoryMock, directoryPeople, userDirectoryHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { PortalStory } from './support/portal-story';
import { portalMeta, realtimeOf } from './support/portal-story';

const meta = {
  title: 'Portal/User page',
  ...portalMeta,
  args: { path: '/users/10', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const headerOf = async (canvas: ReturnType<typeof within>) => {
  const heading = await canvas.findByRole(
    'heading',
    { level: 1, name: 'Diego Ferreira' },
    { timeout: 15000 },
  );
  return heading.closest('header')!;
};

/** A client's page: contact facts, company, cargo, presence, "Abrir conversa", and the audit for users.manage. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const header = await headerOf(canvas);
    await expect(header).toHaveTextContent('Cliente · Coordenador de TI · Acme Logística Ltda.');
    await expect(header).toHaveTextContent('Offline');
    await expect(
      within(header).getByRole('button', { name: 'Abrir conversa com Diego Ferreira' }),
    ).toBeVisible();
    const contact = canvas.getByRole('region', { name: 'Contato' });
    await expect(
      within(contact).getByRole('link', { name: 'diego.ferreira@acmelogistica.com.br' }),
    ).toBeVisible();
    await expect(within(contact).getByRole('link', { name: '(11) 3333-4444' })).toHaveAttribute(
      'href',
      'tel:1133334444',
    );
    await expect(within(contact).getByRole('link', { name: 'Acme Logística Ltda.' })).toHaveAttribute(
      'href',
      '/companies/100',
    );
    await expect(contact).toHaveTextContent('Departamento');
    await expect(contact).toHaveTextContent('Tecnologia');
    // A client has no chamados assigned: the section is a staff profile's.
    await expect(canvas.queryByRole('region', { name: /Chamados abertos/ })).toBeNull();
    const audit = await canvas.findByRole('region', { name: 'Auditoria' });
    await expect(await within(audit).findByText('Entrou')).toBeVisible();
    await expect(audit).toHaveTextContent('Perfil alterado');
    await expect(audit).toHaveTextContent('accounts · created');
    const nav = canvas.getByRole('navigation', { name: 'Trilha de navegação' });
    await expect(within(nav).getByRole('link', { name: 'Usuários' })).toHaveAttribute('href', '/users');
  },
};

/** A technician's page shows their open chamados; a gestor without users.manage sees no audit. */
export const StaffWithTickets: Story = {
  args: { path: '/users/3', user: 'gestor' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Carla Mendes' }, { timeout: 15000 }),
    ).toBeVisible();
    const tickets = await canvas.findByRole('region', { name: /Chamados abertos/ });
    await expect((await within(tickets).findAllByRole('link')).length).toBeGreaterThan(0);
    await expect(canvas.getByText('Ausente')).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Auditoria' })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Contato' })).toHaveTextContent('Equipe interna');
  },
};

/** One's own page: no "Abrir conversa" with oneself. */
export const OwnPage: Story = {
  args: { path: '/users/1', user: 'admin' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Ana Souza' }, { timeout: 15000 }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Abrir conversa/ })).toBeNull();
  },
};

/** Someone who does not exist (or whom the viewer may not see). */
export const NotFound: Story = {
  args: { path: '/users/9999' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15000 });
    await expect(alert).toHaveTextContent('Usuário não encontrado');
    await expect(within(alert).getByRole('link', { name: 'Voltar para Usuários' })).toHaveAttribute(
      'href',
      '/users',
    );
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { users: userDirectoryHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Carregando pessoa…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { users: userDirectoryHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 15000 });
    await expect(alert).toHaveTextContent('Não foi possível carregar esta pessoa.');
    await expect(within(alert).getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** A technician without users.view never reaches a person's page. */
export const Forbidden: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  },
};

const longPerson = createUserDirectoryMock({
  people: () =>
    directoryPeople().map((person) =>
      person.id === 10
        ? {
            ...person,
            name: 'Diego Ferreira',
            email:
              'diego.ferreira.coordenador.de.tecnologia.da.informacao@acmelogisticaetransportesrodoviarios.com.br',
            job_title:
              'Coordenador de Tecnologia da Informação, Infraestrutura e Segurança de Redes Corporativas',
            department: 'Diretoria de Operações, Logística Reversa e Transformação Digital',
          }
        : person,
    ),
});

/** Long e-mail, cargo and departamento wrap; nothing leaves the screen. */
export const LongContent: Story = {
  parameters: { msw: { handlers: { users: longPerson.handlers } } },
  play: async ({ canvas }) => {
    await headerOf(canvas);
    await expect(canvas.getByRole('region', { name: 'Contato' })).toHaveTextContent('Logística Reversa');
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const header = await headerOf(canvas);
    await expect(
      within(header).getByRole('button', { name: 'Abrir conversa com Diego Ferreira' }),
    ).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Contato' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

const livePerson = createUserDirectoryMock();

/** Diego signs in elsewhere: his page says Online without a reload. */
export const LivePresence: Story = {
  parameters: { msw: { handlers: { users: livePerson.handlers } } },
  play: async (context) => {
    const header = await headerOf(within(context.canvasElement));
    await expect(header).toHaveTextContent('Offline');
    realtimeOf(context).emitServerEvent('user:presence', livePerson.database.presence(10, 'online'));
    await expect(await within(header).findByText('Online')).toBeVisible();
  },
};
