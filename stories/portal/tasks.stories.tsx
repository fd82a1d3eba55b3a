import type { UserWire } from '@farol/data';
import { createTaskHandlers, fixtures, makeBoard, taskFixtures, taskHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectToast, profileAs } from './support/company-stories';
import type { PortalStory } from './support/portal-story';
import { portalMeta } from './support/portal-story';

const meta = {
  title: 'Portal/Tasks',
  ...portalMeta,
  args: { path: '/tasks', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const boardCards = async (canvasElement: HTMLElement) => {
  const list = await within(canvasElement).findByRole('list', { name: 'Quadros' });
  return within(list).getAllByRole('listitem');
};

/** Carla (técnica): reads tasks and works her own, manages nothing. */
const tecnico: UserWire = fixtures.users.tecnico;

/** The boards with their counts, and Minhas tarefas across them; Novo quadro for tasks.manage. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const main = within(await canvas.findByRole('main'));
    await expect(await main.findByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
    const cards = await boardCards(canvasElement);
    await expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Implantação Acme',
      'Manutenção mensal',
      'Operações internas',
    ]);
    const acme = cards[0]!;
    await expect(acme).toHaveTextContent('Acme Logística');
    await expect(acme).toHaveTextContent('Cliente');
    await expect(acme).toHaveTextContent('3 abertas');
    await expect(acme).toHaveTextContent('1 atrasada');
    await expect(acme).toHaveTextContent('4 tarefas no total');
    await expect(within(acme).getByRole('link')).toHaveAttribute('href', '/tasks/board/2');
    const mine = canvas.getByRole('region', { name: 'Minhas tarefas' });
    await expect(await within(mine).findByText('3 tarefas abertas com você')).toBeVisible();
    const today = within(mine).getByRole('list', { name: /Para hoje/ });
    await expect(
      within(today).getByRole('link', { name: /Renovar o certificado SSL do portal/ }),
    ).toHaveAttribute('href', '/tasks/board/1?tarefa=2');
    await expect(within(mine).getByRole('region', { name: /Atrasadas/ })).toHaveTextContent('Nada aqui.');
    await expect(main.getByRole('button', { name: 'Novo quadro' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Navegação principal' });
    await expect(within(nav).getByRole('link', { name: 'Tarefas' })).toHaveAttribute('aria-current', 'page');
  },
};

/** Carla's overdue work comes first; she manages nothing, so there is no Novo quadro. */
export const MyOverdueTasks: Story = {
  args: { user: 'tecnico' },
  parameters: { msw: { handlers: { profile: profileAs(tecnico) } } },
  play: async ({ canvas }) => {
    const mine = await canvas.findByRole('region', { name: 'Minhas tarefas' });
    const overdue = await within(mine).findByRole('list', { name: /Atrasadas/ });
    await expect(
      within(overdue)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      expect.stringContaining('Trocar o toner da impressora da recepção'),
      expect.stringContaining('Reinstalar o emissor de notas fiscais'),
    ]);
    await expect(canvas.queryByRole('button', { name: 'Novo quadro' })).toBeNull();
  },
};

/** "Novo quadro" from a template: the name is required; the new board opens with the template's tasks. */
export const CreateBoard: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Novo quadro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo quadro' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar quadro' }));
    await expect(within(dialog).getByText('Informe o nome do quadro')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nome/ }), 'Onboarding Globex');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Modelo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Onboarding de cliente' }));
    await expect(within(dialog).getByText(/Da assinatura do contrato/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar quadro' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Onboarding Globex' })).toBeVisible();
    await expectToast('Quadro Onboarding Globex criado.');
    await expect(await canvas.findByRole('button', { name: /Reunião de kickoff/ })).toBeVisible();
  },
};

/** No board yet: say so and offer to create one. */
export const Empty: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.empty() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Nenhum quadro ainda' })).toBeVisible();
    const main = within(canvas.getByRole('main'));
    await expect(main.getAllByRole('button', { name: 'Novo quadro' }).length).toBeGreaterThan(0);
    await expect(await canvas.findByText('0 tarefas abertas com você')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.loading() } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Carregando quadros…' })).toBeVisible();
    await expect(canvas.getByText('Carregando suas tarefas…')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.failing() } } },
  play: async ({ canvas }) => {
    const alert = await canvas.findByText('Não foi possível carregar os quadros.', {}, { timeout: 5000 });
    await expect(alert).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

/** The server refuses (no tasks.view): the page says so and offers nothing to write. */
export const Forbidden: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.forbidden() } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { name: 'Você não tem permissão para ver tarefas' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Novo quadro' })).toBeNull();
  },
};

const LONG = 'Migração completa da infraestrutura de servidores, rede e telefonia da matriz e das filiais';

/** Many boards with long names and descriptions: the grid wraps, nothing overflows. */
export const LongContent: Story = {
  parameters: {
    msw: {
      handlers: {
        tasks: createTaskHandlers({
          state: () => {
            const state = taskFixtures.state();
            const extra = Array.from({ length: 24 }, (_, index) =>
              makeBoard({ id: 100 + index, name: `${LONG} ${index + 1}`, description: `${LONG}. ${LONG}.` }),
            );
            return { ...state, boards: [...state.boards, ...extra] };
          },
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await boardCards(canvasElement)).toHaveLength(27);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await boardCards(canvasElement)).toHaveLength(3);
    await expect(await canvas.findByText('3 tarefas abertas com você')).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** `#9` in a text leads to /tasks?numero=9, which opens the task on its board. */
export const TaskByNumber: Story = {
  args: { path: '/tasks?numero=9' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Implantação Acme' })).toBeVisible();
    await expect(
      await screen.findByRole('heading', { level: 2, name: 'Reinstalar o emissor de notas fiscais' }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
  },
};
