import { isApiError, useSession } from '@farol/data';
import {
  filterBoardTasks,
  isClosedStateGroup,
  todayInBrazil,
  useBoardRoom,
  useTaskBoard,
  type TaskSwimlane,
} from '@farol/data/tasks';
import { Button, ConfirmDialog, EmptyState, PageHeader, Spinner } from '@farol/ui';
import { PresenceAvatars } from '@farol/ui/tasks';
import {
  ArrowLeftIcon,
  KanbanSquareIcon,
  LockIcon,
  SearchXIcon,
  Settings2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { taskNumber } from '../shared/task-format';
import { useBoardParams } from '../shared/use-board-params';
import { useCanManageTasks } from '../shared/use-can-manage-tasks';
import { BoardCalendarView } from './board-calendar-view';
import { BoardKanban } from './board-kanban';
import { BoardListView } from './board-list-view';
import { BoardToolbar } from './board-toolbar';
import { useBoardActions } from './use-board-actions';

// The side panel (Markdown, checklist, comments, links) loads when a task is first opened.
const TaskPanel = lazy(async () => ({ default: (await import('../panel/task-panel')).TaskPanel }));
// So do the columns' and labels' settings (forms), when first opened.
const BoardSettingsDialog = lazy(async () => ({
  default: (await import('./board-settings')).BoardSettingsDialog,
}));

const BACK_CLASS =
  'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function BackToTasks() {
  return (
    <Link to="/tasks" className={BACK_CLASS}>
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      Voltar para Tarefas
    </Link>
  );
}

function parseBoardId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** /tasks/board/:boardId — the live kanban (or its list and calendar), its filters in the URL, a task's side panel. */
export function BoardPage() {
  const boardId = parseBoardId(useParams().boardId);
  const board = useTaskBoard(boardId);
  const { user } = useSession();
  // Staff ids are numbers on the wire; a session may carry them as text.
  const userId = user ? Number(user.id) || null : null;
  const params = useBoardParams();
  const canManage = useCanManageTasks();
  const { viewers } = useBoardRoom(boardId, userId);
  const view = board.data;
  const lanes: TaskSwimlane = params.lanes;
  const actions = useBoardActions(view, lanes);
  const today = todayInBrazil();
  const todayDate = useMemo(() => new Date(`${today}T12:00:00`), [today]);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const closedColumnIds = useMemo(
    () =>
      new Set(
        (view?.columns ?? []).filter((column) => isClosedStateGroup(column.state_group)).map((c) => c.id),
      ),
    [view?.columns],
  );
  const shown = useMemo(
    () => (view ? filterBoardTasks(view.tasks, params.filters, { userId, today, closedColumnIds }) : []),
    [view, params.filters, userId, today, closedColumnIds],
  );

  if (boardId === null || (isApiError(board.error) && board.error.status === 404)) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        className="mx-auto max-w-md"
        icon={<KanbanSquareIcon />}
        title="Quadro não encontrado"
        description="Ele pode ter sido excluído ou o endereço está incorreto."
        action={<BackToTasks />}
      />
    );
  }
  if (!view) {
    if (board.isPending)
      return (
        <div className="flex justify-center py-16">
          <Spinner label="Carregando quadro…" showLabel />
        </div>
      );
    const forbidden = isApiError(board.error) && board.error.status === 403;
    return (
      <EmptyState
        role="alert"
        border="dashed"
        className="mx-auto max-w-md"
        icon={forbidden ? <LockIcon /> : <TriangleAlertIcon />}
        title={forbidden ? 'Você não tem acesso a este quadro' : 'Não foi possível carregar o quadro'}
        description={
          forbidden
            ? 'Se precisar dele, peça acesso a um administrador.'
            : failureMessage(board.error, 'Tente novamente em instantes.')
        }
        action={
          <>
            {forbidden ? null : (
              <Button size="sm" variant="secondary" onClick={() => void board.refetch()}>
                Tentar novamente
              </Button>
            )}
            <BackToTasks />
          </>
        }
      />
    );
  }

  const open = (taskId: number) => params.update({ task: taskId });
  const filtered = shown.length !== view.tasks.length;
  let body: ReactNode;
  if (view.columns.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<KanbanSquareIcon />}
        title="Este quadro não tem colunas"
        description={
          canManage
            ? 'Crie as colunas do quadro para começar.'
            : 'Peça a quem gerencia tarefas para criar as colunas do quadro.'
        }
        action={
          canManage ? (
            <Button size="sm" onClick={() => setSettingsOpen(true)}>
              Configurar quadro
            </Button>
          ) : undefined
        }
      />
    );
  } else if (filtered && shown.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        icon={<SearchXIcon />}
        title="Nenhuma tarefa encontrada"
        description="Nenhuma tarefa deste quadro corresponde aos filtros escolhidos."
        action={
          <Button size="sm" variant="secondary" onClick={params.clearFilters}>
            Limpar filtros
          </Button>
        }
      />
    );
  } else if (params.view === 'lista') {
    body = <BoardListView view={view} tasks={shown} today={todayDate} onOpen={open} />;
  } else if (params.view === 'calendario') {
    body = <BoardCalendarView view={view} tasks={shown} today={todayDate} onOpen={open} />;
  } else {
    body = (
      <BoardKanban
        view={view}
        tasks={shown}
        lanes={lanes}
        today={todayDate}
        onOpen={open}
        onMove={actions.requestMove}
        onQuickAdd={
          canManage
            ? (columnId, title, laneKey) => {
                const defaults =
                  laneKey && lanes === 'responsavel' && laneKey !== 'u0'
                    ? { assignee_ids: [Number(laneKey.slice(1))] }
                    : laneKey && lanes === 'prioridade'
                      ? { priority: laneKey.slice(2) as never }
                      : laneKey && lanes === 'empresa' && laneKey !== 'c0'
                        ? { company_id: Number(laneKey.slice(1)) }
                        : {};
                actions.quickAdd(columnId, title, defaults);
              }
            : undefined
        }
      />
    );
  }

  const pending = actions.pending;
  return (
    <div className="mx-auto flex w-full max-w-[100rem] flex-col gap-4">
      <BackToTasks />
      <PageHeader
        title={view.board.name}
        description={
          [view.board.company?.name, view.board.description].filter(Boolean).join(' · ') || undefined
        }
        actions={
          <div className="flex items-center gap-3">
            <PresenceAvatars
              people={viewers.map((viewer) => ({ id: String(viewer.id), name: viewer.name }))}
            />
            {canManage ? (
              <Button variant="outline" size="sm" onClick={() => setSettingsOpen(true)}>
                <Settings2Icon aria-hidden="true" />
                Configurar quadro
              </Button>
            ) : null}
          </div>
        }
      />
      {view.board.archived_at ? (
        <p role="note" className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
          Este quadro está arquivado.
        </p>
      ) : null}
      <BoardToolbar
        view={view}
        filters={params.filters}
        mode={params.view}
        lanes={lanes}
        update={params.update}
        clearFilters={params.clearFilters}
      />
      <p aria-live="polite" className="h-5 text-sm text-muted-foreground tabular-nums">
        {filtered
          ? `${shown.length} de ${view.tasks.length} tarefas no quadro`
          : `${view.tasks.length === 1 ? '1 tarefa' : `${view.tasks.length} tarefas`} no quadro`}
      </p>
      {/* The columns' own headings (h3) sit under this one. */}
      <h2 className="sr-only">
        {params.view === 'lista'
          ? 'Lista de tarefas'
          : params.view === 'calendario'
            ? 'Calendário'
            : 'Colunas'}
      </h2>
      {body}
      {params.task !== null ? (
        <Suspense fallback={null}>
          <TaskPanel
            taskId={params.task}
            view={view}
            canManage={canManage}
            onClose={() => params.update({ task: null })}
            onOpenTask={open}
            onMove={actions.requestMove}
          />
        </Suspense>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <BoardSettingsDialog view={view} open onOpenChange={setSettingsOpen} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next) actions.cancelPending();
        }}
        title="Concluir tarefa bloqueada?"
        description={
          pending
            ? `A tarefa ${taskNumber(pending.task.number)} está bloqueada por ${pending.blockers}, que ainda não foi concluída. Deseja movê-la para ${pending.column.name} mesmo assim?`
            : undefined
        }
        confirmLabel="Concluir mesmo assim"
        onConfirm={actions.confirmPending}
      />
    </div>
  );
}
