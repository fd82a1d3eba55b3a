import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TaskListTable, type TaskListRowView } from '@farol/ui/tasks';
import { columns, manyTasks, TODAY } from './task-fixtures';

const rows = (count: number): TaskListRowView[] =>
  manyTasks(count).map((task) => {
    const column = columns.find((item) => item.id === task.columnId)!;
    return { ...task, columnName: column.name, columnColor: column.color };
  });

const meta = {
  title: 'UI/Tasks/TaskListTable',
  component: TaskListTable,
  args: { rows: rows(2000), today: TODAY, onOpen: fn() },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TaskListTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('tbody tr:not([data-slot=task-list-spacer])')] as HTMLElement[];
const firstCells = (canvasElement: HTMLElement, column: number) =>
  bodyRows(canvasElement)
    .slice(0, 5)
    .map((row) => row.querySelectorAll('td')[column]?.textContent ?? '');

/** 2,000 tasks: the table says so to screen readers and draws only the rows in view; scrolling brings the rest. */
export const TwoThousandRows: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table');
    await expect(table).toHaveAttribute('aria-rowcount', '2001');
    await expect(canvas.getByText('2.000 tarefas')).toBeVisible();
    const drawn = bodyRows(canvasElement).length;
    await expect(drawn).toBeGreaterThan(5);
    await expect(drawn).toBeLessThan(80);
    const region = canvas.getByRole('region', { name: 'Lista de tarefas' });
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(canvas.getByText('#T-3000')).toBeInTheDocument());
    await expect(canvas.getByText('#T-3000').closest('tr')).toHaveAttribute('aria-rowindex', '2001');
    await userEvent.click(within(canvas.getByText('#T-3000').closest('tr')!).getAllByRole('button')[0]!);
    await expect(args.onOpen).toHaveBeenCalledWith('m2000');
  },
};

/** Sorting by a header: priority from urgente down, then the other way; due dates put tasks without one last. */
export const Sorting: Story = {
  args: { rows: rows(60) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const priority = canvas.getByRole('columnheader', { name: 'Prioridade' });
    await userEvent.click(within(priority).getByRole('button'));
    await expect(priority).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(firstCells(canvasElement, 3)).toEqual(Array(5).fill('Prioridade Urgente')));
    await userEvent.click(within(priority).getByRole('button'));
    await expect(priority).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(firstCells(canvasElement, 3)).toEqual(Array(5).fill('')));
    const due = canvas.getByRole('columnheader', { name: 'Prazo' });
    await userEvent.click(within(due).getByRole('button'));
    await expect(due).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(firstCells(canvasElement, 4)[0]).toMatch(/Atrasada desde/));
    const number = canvas.getByRole('columnheader', { name: 'Nº' });
    await userEvent.click(within(number).getByRole('button'));
    await waitFor(() =>
      expect(firstCells(canvasElement, 0).slice(0, 3)).toEqual(['#T-1001', '#T-1002', '#T-1003']),
    );
  },
};

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell', { name: 'Nenhum resultado' })).toBeVisible();
    await expect(within(canvasElement).getByText('0 tarefas')).toBeVisible();
  },
};
