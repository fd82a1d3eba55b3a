import { createTaskHandlers, taskFixtures, taskHandlers } from '@farol/data/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { expectToast } from './support/company-stories';
import type { PortalStory } from './support/portal-story';
import { portalLoaders, portalMeta } from './support/portal-story';

// Chamado #1001 (id 1, Acme) has two tasks on "Implantação Acme": #8 (A fazer) and #9 (Em andamento).
const meta = {
  title: 'Portal/Ticket tasks',
  ...portalMeta,
  // The chamado page and the section are separate chunks: fetched before the story, so a busy dev server does
  // not spend the play's wait on them.
  loaders: [
    ...portalLoaders,
    async () => {
      await Promise.all([
        import('../../apps/portal/src/features/tickets/detail/staff-ticket-page'),
        import('../../apps/portal/src/features/tasks/ticket/ticket-tasks-section'),
      ]);
      return {};
    },
  ],
  args: { path: '/support/ticket/1', user: 'admin' },
} satisfies Meta<typeof PortalStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('region', { name: 'Tarefas' }, { timeout: 15_000 });

/** The chamado's tasks, each with its board, column and state, linked to its panel on the board. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    const items = await tasks.findAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('#8 Migrar a base do ERP para o novo servidor');
    await expect(items[0]).toHaveTextContent('A fazer');
    await expect(items[1]).toHaveTextContent('Em andamento');
    await expect(tasks.getByRole('link', { name: /#9 Reinstalar o emissor/ })).toHaveAttribute(
      'href',
      '/tasks/board/2?tarefa=9',
    );
    await expect(tasks.queryByText(/Resolver chamado\?/)).toBeNull();
  },
};

/** "Criar tarefa": pre-filled from the chamado (its subject, its company's board); the new task is listed. */
export const CreateTask: Story = {
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    await tasks.findAllByRole('listitem');
    await userEvent.click(tasks.getByRole('button', { name: 'Criar tarefa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar tarefa' });
    await expect(await within(dialog).findByRole('combobox', { name: /Quadro/ })).toHaveTextContent(
      'Implantação Acme',
    );
    const title = within(dialog).getByRole('textbox', { name: /Título/ });
    await expect(title).toHaveValue('Sistema de notas fiscais fora do ar');
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar tarefa' }));
    await expect(within(dialog).getByText('Informe o título da tarefa')).toBeVisible();
    await userEvent.type(title, 'Testar a emissão depois da correção');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar tarefa' }));
    await expectToast(/Tarefa #14 criada e ligada ao chamado\./);
    await waitFor(() => expect(tasks.getAllByRole('listitem')).toHaveLength(3));
    await expect(tasks.getByRole('link', { name: /Testar a emissão depois da correção/ })).toBeVisible();
  },
};

/** Every linked task concluded: the section suggests resolving the chamado, and does it. */
export const AllConcluded: Story = {
  parameters: {
    msw: {
      handlers: {
        tasks: createTaskHandlers({
          state: () => {
            const state = taskFixtures.state();
            return {
              ...state,
              tasks: state.tasks.map((task) => (task.ticket?.id === 1 ? { ...task, column_id: 23 } : task)),
            };
          },
        }),
      },
    },
  },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    const suggestion = await tasks.findByText('Todas as tarefas foram concluídas. Resolver chamado?');
    await expect(suggestion).toBeVisible();
    await userEvent.click(tasks.getByRole('button', { name: 'Resolver chamado' }));
    await expectToast('Chamado resolvido.');
  },
};

/** A chamado without tasks says so. */
export const NoTasks: Story = {
  args: { path: '/support/ticket/2' },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    await expect(await tasks.findByText('Nenhuma tarefa ligada a este chamado.')).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    await expect(await tasks.findAllByRole('listitem')).toHaveLength(2);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** "Criar tarefa" from a template: its whole set is created on the chosen board, each task linked. */
export const CreateFromTemplate: Story = {
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    await tasks.findAllByRole('listitem');
    await userEvent.click(tasks.getByRole('button', { name: 'Criar tarefa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar tarefa' });
    await within(dialog).findByRole('combobox', { name: /Quadro/ });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Modelo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Onboarding de cliente (6 tarefas)' }));
    // A template brings its own titles: the single task's title and priority are not asked.
    await expect(within(dialog).queryByRole('textbox', { name: /Título/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar tarefa' }));
    await expectToast('6 tarefas criadas e ligadas ao chamado.');
    await waitFor(() => expect(tasks.getAllByRole('listitem')).toHaveLength(8));
    await expect(tasks.getByRole('link', { name: /Reunião de kickoff/ })).toBeVisible();
  },
};

/** Read-only: a técnico (tasks.view without Gerenciar tarefas) sees the tasks and is offered no "Criar tarefa". */
export const ReadOnly: Story = {
  args: { user: 'tecnico' },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    await expect(await tasks.findAllByRole('listitem')).toHaveLength(2);
    await expect(tasks.queryByRole('button', { name: 'Criar tarefa' })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.loading() } } },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    await expect(await tasks.findByRole('status', { name: 'Carregando tarefas…' })).toBeVisible();
  },
};

/** The tasks cannot be read: the section gives the server's reason and offers to try again. */
export const ServerError: Story = {
  parameters: { msw: { handlers: { tasks: taskHandlers.failing() } } },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    const alert = await tasks.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('Erro interno do servidor');
    await expect(tasks.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  },
};

const LONG =
  'Migração completa da infraestrutura de servidores, rede e telefonia da matriz e das filiais do cliente';

/** Long task, board and column names wrap inside the section; nothing overflows the page. */
export const LongContent: Story = {
  parameters: {
    msw: {
      handlers: {
        tasks: createTaskHandlers({
          state: () => {
            const state = taskFixtures.state();
            return {
              ...state,
              tasks: state.tasks.map((task) =>
                task.ticket?.id === 1 ? { ...task, title: `${LONG} (${task.number})` } : task,
              ),
            };
          },
        }),
      },
    },
  },
  play: async ({ canvas }) => {
    const tasks = within(await section(canvas));
    const items = await tasks.findAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent(LONG);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
