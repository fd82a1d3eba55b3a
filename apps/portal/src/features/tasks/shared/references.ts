import type { Task, TaskDetail } from '@farol/data';
import { taskPagePath } from '@farol/data/tasks';
import type { ReferenceTarget } from './markdown-view';

/**
 * Where `#123` and `chamado #123` in a task's text lead: a task of the open board opens in its panel; another
 * task through /tasks?numero=123 (which finds its board); the task's own chamado by its page, any other
 * chamado through the Suporte search.
 */
export function referenceResolver(boardTasks: readonly Task[], current?: Pick<TaskDetail, 'ticket'> | null) {
  return (target: 'task' | 'ticket', number: number): ReferenceTarget => {
    if (target === 'ticket') {
      if (current?.ticket?.number === number)
        return {
          href: `/support/ticket/${current.ticket.id}`,
          label: `chamado #${number}: ${current.ticket.subject}`,
        };
      return { href: `/support?q=${number}`, label: `chamado #${number}` };
    }
    const task = boardTasks.find((item) => item.number === number);
    return task
      ? { href: taskPagePath(task.board_id, task.id), label: `tarefa #${number}: ${task.title}` }
      : { href: `/tasks?numero=${number}`, label: `tarefa #${number}` };
  };
}
