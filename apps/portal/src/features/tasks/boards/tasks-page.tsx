import { isApiError, type TaskBoard, type TaskListItem } from '@farol/data';
import { taskPagePath, useMyTasks, useTaskBoards, useTasks } from '@farol/data/tasks';
import { Badge, Button, EmptyState, PageHeader, Skeleton, Spinner } from '@farol/ui';
import { KanbanSquareIcon, PlusIcon, ShieldAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { formatDay, priorityLabel, taskNumber, tasksCount } from '../shared/task-format';
import { useCanManageTasks } from '../shared/use-can-manage-tasks';
import { NewBoardDialog } from './new-board-dialog';

const CARD_LINK =
  'group flex h-full flex-col gap-2 rounded-lg border bg-card p-4 text-card-foreground outline-none hover:border-ring/60 focus-visible:ring-2 focus-visible:ring-ring';

function BoardCard({ board }: { board: TaskBoard }) {
  return (
    <li>
      <Link to={taskPagePath(board.id)} className={CARD_LINK}>
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold break-words group-hover:underline">{board.name}</h3>
          <Badge variant={board.kind === 'cliente' ? 'secondary' : 'outline'}>
            {board.kind === 'cliente' ? 'Cliente' : 'Interno'}
          </Badge>
        </div>
        {board.company ? <p className="text-sm text-muted-foreground">{board.company.name}</p> : null}
        {board.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground">{board.description}</p>
        ) : null}
        <p className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-sm tabular-nums">
          <span>{board.open_count === 1 ? '1 aberta' : `${board.open_count} abertas`}</span>
          {board.overdue_count > 0 ? (
            <span className="font-medium text-destructive">
              {board.overdue_count === 1 ? '1 atrasada' : `${board.overdue_count} atrasadas`}
            </span>
          ) : null}
          <span className="text-muted-foreground">{tasksCount(board.task_count)} no total</span>
        </p>
      </Link>
    </li>
  );
}

function MyTaskItem({ task }: { task: TaskListItem }) {
  return (
    <li>
      <Link
        to={taskPagePath(task.board_id, task.id)}
        className="flex flex-col gap-0.5 rounded-md px-2 py-1.5 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="text-sm font-medium break-words">
          <span className="text-muted-foreground">{taskNumber(task.number)}</span> {task.title}
        </span>
        <span className="text-xs text-muted-foreground">
          {task.board_name} · {task.column_name}
          {task.due_date ? ` · prazo ${formatDay(task.due_date)}` : ''}
          {task.priority !== 'nenhuma' ? ` · ${priorityLabel(task.priority)}` : ''}
        </span>
      </Link>
    </li>
  );
}

function MyTaskGroup({ title, tasks, tone }: { title: string; tasks: TaskListItem[]; tone?: 'danger' }) {
  const id = `minhas-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-1">
      <h3
        id={id}
        className={tone === 'danger' ? 'text-sm font-semibold text-destructive' : 'text-sm font-semibold'}
      >
        {title} <span className="font-normal text-muted-foreground tabular-nums">({tasks.length})</span>
      </h3>
      {tasks.length ? (
        <ul aria-labelledby={id} className="flex flex-col">
          {tasks.map((task) => (
            <MyTaskItem key={task.id} task={task} />
          ))}
        </ul>
      ) : (
        <p className="px-2 text-sm text-muted-foreground">Nada aqui.</p>
      )}
    </section>
  );
}

function MyTasks() {
  const mine = useMyTasks();
  let body: ReactNode;
  if (mine.isPending) body = <Spinner label="Carregando suas tarefas…" showLabel />;
  else if (!mine.data)
    body = (
      <p role="alert" className="text-sm text-destructive">
        {failureMessage(mine.error, 'Não foi possível carregar suas tarefas.')}
      </p>
    );
  else
    body = (
      <div className="grid gap-4 md:grid-cols-3">
        <MyTaskGroup title="Atrasadas" tasks={mine.data.overdue} tone="danger" />
        <MyTaskGroup title="Para hoje" tasks={mine.data.today} />
        <MyTaskGroup title="Esta semana" tasks={mine.data.this_week} />
      </div>
    );
  return (
    <section aria-labelledby="minhas-tarefas" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="minhas-tarefas" className="text-lg font-semibold">
          Minhas tarefas
        </h2>
        {mine.data ? (
          <p className="text-sm text-muted-foreground">
            {mine.data.total_open === 1
              ? '1 tarefa aberta com você'
              : `${mine.data.total_open} tarefas abertas com você`}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}

/** `/tasks?numero=123` (where `#123` in a text leads): the task's board with its panel open, once found. */
function TaskByNumber({ number }: { number: number }) {
  const found = useTasks({ number, limit: 1 });
  const task = found.data?.items[0];
  if (task) return <Navigate replace to={taskPagePath(task.board_id, task.id)} />;
  if (found.isPending) return <Spinner label={`Procurando a tarefa #${number}…`} showLabel />;
  return (
    <p role="alert" className="rounded-md border border-dashed p-3 text-sm">
      {found.data
        ? `Nenhuma tarefa #${number} que você possa ver.`
        : failureMessage(found.error, 'Não foi possível procurar a tarefa.')}
    </p>
  );
}

/** /tasks: "Minhas tarefas" across boards (overdue, today, this week) and the boards this person may see. */
export function TasksPage() {
  const boards = useTaskBoards({ limit: 100 });
  const canManage = useCanManageTasks();
  const [creating, setCreating] = useState(false);
  const [search] = useSearchParams();
  const wanted = /^\d{1,9}$/.test(search.get('numero') ?? '') ? Number(search.get('numero')) : null;
  const forbidden = isApiError(boards.error) && boards.error.status === 403;

  const newBoard = canManage ? (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden="true" />
      Novo quadro
    </Button>
  ) : null;

  let list: ReactNode;
  if (boards.isPending) {
    list = (
      <div
        role="status"
        aria-label="Carregando quadros…"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-32" />
        ))}
      </div>
    );
  } else if (!boards.data) {
    list = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<TriangleAlertIcon />}
        title="Não foi possível carregar os quadros."
        description={failureMessage(boards.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void boards.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (boards.data.items.length === 0) {
    list = (
      <EmptyState
        border="dashed"
        icon={<KanbanSquareIcon />}
        title="Nenhum quadro ainda"
        description={
          canManage
            ? 'Crie um quadro para a equipe, de um cliente ou a partir de um modelo como "Onboarding de cliente".'
            : 'Os quadros que a equipe criar aparecem aqui.'
        }
        action={newBoard}
      />
    );
  } else {
    list = (
      <ul aria-label="Quadros" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {boards.data.items.map((board) => (
          <BoardCard key={board.id} board={board} />
        ))}
      </ul>
    );
  }

  if (forbidden) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-4">
        <PageHeader title="Tarefas" />
        <EmptyState
          role="alert"
          border="dashed"
          icon={<ShieldAlertIcon />}
          title="Você não tem permissão para ver tarefas"
          description="Peça a um administrador o acesso a Tarefas."
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5">
      <PageHeader
        title="Tarefas"
        description="Quadros da equipe e dos clientes, e o que está com você."
        actions={newBoard}
      />
      {wanted ? <TaskByNumber number={wanted} /> : null}
      <MyTasks />
      <section aria-labelledby="quadros" className="flex flex-col gap-3">
        <h2 id="quadros" className="text-lg font-semibold">
          Quadros
        </h2>
        {list}
      </section>
      {canManage ? <NewBoardDialog open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
