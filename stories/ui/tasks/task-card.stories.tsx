import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TaskCard } from '@farol/ui/tasks';
import { sampleTasks, TODAY } from './task-fixtures';

const byId = (id: string) => sampleTasks.find((task) => task.id === id)!;

const meta = {
  title: 'UI/Tasks/TaskCard',
  component: TaskCard,
  args: { task: byId('t1'), today: TODAY, onOpen: fn(), className: 'w-72' },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TaskCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Number, title, priority, due today, assignee, label, checklist and comments; the card opens on click and Enter. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('button', { name: '#T-101 Trocar toner da impressora do financeiro' });
    await expect(canvas.getByText('Alta')).toBeVisible();
    await expect(canvas.getByText('Prioridade')).toHaveClass('sr-only');
    await expect(canvas.getByText('Hoje')).toBeVisible();
    await expect(canvas.getByText('Prazo: Hoje')).toBeInTheDocument();
    await expect(canvas.getByText('1/3')).toBeVisible();
    await expect(canvas.getByText('Checklist: 1 de 3 itens concluídos')).toBeInTheDocument();
    await expect(canvas.getByText('2 comentários')).toBeInTheDocument();
    await expect(canvas.getByText('Responsáveis: Ana Lima')).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: 'Etiquetas' })).toHaveTextContent('Impressoras');
    // The whole card is the button's click area, avatars and chips included.
    const box = canvasElement.querySelector('[data-slot=task-card]')!.getBoundingClientRect();
    for (const [x, y] of [
      [box.right - 12, box.bottom - 14],
      [box.left + 12, box.bottom - 14],
      [box.right - 6, box.top + 6],
    ] as const) {
      await expect(document.elementFromPoint(x, y)).toBe(card);
    }
    await userEvent.click(document.elementFromPoint(box.right - 12, box.bottom - 14)!);
    await expect(args.onOpen).toHaveBeenCalledWith('t1');
    card.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledTimes(2);
  },
};

/** A task with open blockers shows "Bloqueada por …" in red. */
export const Blocked: Story = {
  args: { task: byId('t5') },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Bloqueada por #T-104');
    await expect(badge).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot=task-card]')).toHaveAttribute(
      'data-blocked',
      'true',
    );
  },
};

/** A recurring task shows the repeat icon, named by its rule. */
export const Recurring: Story = {
  args: { task: byId('t4') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Toda segunda-feira')).toHaveClass('sr-only');
    await expect(canvas.getByTitle('Toda segunda-feira')).toBeVisible();
    await expect(canvas.getByText('Urgente')).toBeVisible();
    await expect(canvas.getByText('Amanhã')).toBeVisible();
    await expect(canvas.getByText('5/5').closest('[data-slot=task-card-checklist]')).toHaveAttribute(
      'data-state',
      'complete',
    );
  },
};

/** Overdue: the date in red, read as "Atrasada desde …"; the linked chamado shows as a chip. */
export const OverdueWithTicket: Story = {
  args: { task: byId('t3') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Atrasada desde 22 de nov/)).toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-slot=task-due]')).toHaveAttribute(
      'data-state',
      'overdue',
    );
    await expect(canvas.getByText('Chamado #1042')).toBeVisible();
  },
};

/** A concluded task: title struck through and no overdue warning for its past date. */
export const Completed: Story = {
  args: { task: byId('t8') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot=task-due]')).toHaveAttribute('data-state', 'done');
    await expect(within(canvasElement).queryByText(/Atrasada/)).not.toBeInTheDocument();
  },
};

/** Just a number and a title: no empty rows. */
export const Minimal: Story = {
  args: { task: byId('t7') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot=task-priority]')).toBeNull();
    await expect(
      within(canvasElement).getByRole('button', { name: '#T-107 Documentar a rede do cliente' }),
    ).toBeVisible();
  },
};
