import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DueCalendar, type TaskCardView } from '@farol/ui/tasks';
import { manyTasks, sampleTasks, TODAY } from './task-fixtures';

const busyDay: TaskCardView[] = Array.from({ length: 6 }, (_, index) => ({
  id: `busy${index}`,
  number: `#T-${500 + index}`,
  title: `Visita técnica ${index + 1}`,
  dueDate: '2026-11-27',
}));

const meta = {
  title: 'UI/Tasks/DueCalendar',
  component: DueCalendar,
  args: {
    tasks: [...sampleTasks, ...busyDay],
    today: TODAY,
    onOpen: fn(),
    onSelectDay: fn(),
    onMonthChange: fn(),
  },
  globals: { viewport: { value: 'desktop' } },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof DueCalendar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** November 2026 in pt-BR, today marked, tasks on their days, "+N" opening the rest of a busy day. */
export const Month: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Novembro de 2026' })).toBeVisible();
    await expect(canvas.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Dom',
      'Seg',
      'Ter',
      'Qua',
      'Qui',
      'Sex',
      'Sáb',
    ]);
    const today = canvas.getByRole('button', { name: '25 de novembro de 2026, 1 tarefa' });
    await expect(today).toHaveAttribute('aria-current', 'date');
    await userEvent.click(
      canvas.getByRole('button', { name: '#T-101 Trocar toner da impressora do financeiro' }),
    );
    await expect(args.onOpen).toHaveBeenCalledWith('t1');
    await userEvent.click(canvas.getByRole('button', { name: 'Mais 4 tarefas em 27 de novembro de 2026' }));
    const dialog = await screen.findByRole('dialog', { name: '27 de novembro de 2026' });
    await expect(within(dialog).getAllByRole('button')).toHaveLength(6);
    await userEvent.keyboard('{Escape}');
  },
};

/** Arrow keys move between days (into the next month), Tab goes into the focused day's tasks. */
export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const today = canvas.getByRole('button', { name: '25 de novembro de 2026, 1 tarefa' });
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(today).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: '26 de novembro de 2026, 1 tarefa' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '#T-104 Verificar backup semanal' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Dezembro de 2026' })).toBeVisible());
    await expect(canvas.getByRole('button', { name: '3 de dezembro de 2026' })).toHaveFocus();
    await expect(args.onMonthChange).toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelectDay).toHaveBeenCalledWith('2026-12-03');
  },
};

/** Previous and next month buttons; "Hoje" comes back. */
export const MonthButtons: Story = {
  args: { tasks: manyTasks(300) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Mês anterior' }));
    await expect(canvas.getByRole('heading', { name: 'Outubro de 2026' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Próximo mês' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Próximo mês' }));
    await expect(canvas.getByRole('heading', { name: 'Dezembro de 2026' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Hoje' }));
    await expect(canvas.getByRole('heading', { name: 'Novembro de 2026' })).toBeVisible();
    await expect(canvas.getAllByText(/^\+\d+$/).length).toBeGreaterThan(0);
  },
};
