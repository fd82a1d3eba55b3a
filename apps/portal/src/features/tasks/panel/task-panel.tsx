import { isApiError, useSession, type TaskBoardView, type TaskDetail, type UpdateTask } from '@farol/data';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_RECURRENCE_FREQUENCIES,
  TASK_RECURRENCE_FREQUENCY_LABELS,
  describeRecurrence,
  useSetTaskWatching,
  useTask,
  useTaskOptions,
  useUpdateTask,
  type TaskRecurrenceFrequency,
} from '@farol/data/tasks';
import {
  Badge,
  Button,
  Combobox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Field,
  FieldLabel,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  Textarea,
} from '@farol/ui';
import { EyeIcon, EyeOffIcon, LinkIcon, LockIcon, RepeatIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { toastTaskFailure, type MoveRequest } from '../board/use-board-actions';
import { MarkdownView } from '../shared/markdown-view';
import { referenceResolver } from '../shared/references';
import { estimateText, formatDay, formatEstimate, parseEstimate, taskNumber } from '../shared/task-format';
import { TaskActivityList } from './task-activity';
import { TaskAttachments } from './task-attachments';
import { TaskChecklist } from './task-checklist';
import { TaskComments } from './task-comments';
import { TaskLinks } from './task-links';

export interface TaskPanelProps {
  taskId: number;
  view: TaskBoardView;
  canManage: boolean;
  onClose: () => void;
  onOpenTask: (taskId: number) => void;
  onMove: (request: MoveRequest) => void;
}

const NO_COMPANY = 'nenhuma';
const NO_RECURRENCE = 'nao_repete';

const PANEL_CLASS =
  'top-0 right-0 left-auto h-dvh max-h-dvh w-full max-w-2xl translate-x-0 translate-y-0 content-start rounded-none border-y-0 border-r-0 sm:w-[min(42rem,100vw)]';

function Description({
  task,
  canManage,
  save,
  resolveRef,
}: {
  task: TaskDetail;
  canManage: boolean;
  save: (changes: UpdateTask) => void;
  resolveRef: ReturnType<typeof referenceResolver>;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.description);
  useEffect(() => {
    if (!editing) setDraft(task.description);
  }, [task.description, editing]);
  return (
    <section aria-labelledby="tarefa-descricao" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="tarefa-descricao" className="font-semibold">
          Descrição
        </h3>
        {canManage && !editing ? (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Editar descrição
          </Button>
        ) : null}
      </div>
      {editing ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save({ description: draft, version: task.version });
            setEditing(false);
          }}
        >
          <Textarea
            aria-label="Descrição em Markdown"
            value={draft}
            maxLength={20_000}
            rows={8}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
            <Button type="submit">Salvar descrição</Button>
          </div>
        </form>
      ) : task.description.trim() ? (
        <MarkdownView source={task.description} resolveRef={resolveRef} />
      ) : (
        <p className="text-sm text-muted-foreground">Sem descrição.</p>
      )}
    </section>
  );
}

function Fields({
  task,
  view,
  canManage,
  save,
  onMove,
}: {
  task: TaskDetail;
  view: TaskBoardView;
  canManage: boolean;
  save: (changes: UpdateTask) => void;
  onMove: (request: MoveRequest) => void;
}) {
  const [title, setTitle] = useState(task.title);
  useEffect(() => setTitle(task.title), [task.title]);
  const [estimate, setEstimate] = useState(estimateText(task.estimate_minutes));
  const [estimateError, setEstimateError] = useState<string | null>(null);
  useEffect(() => setEstimate(estimateText(task.estimate_minutes)), [task.estimate_minutes]);
  const options = useTaskOptions({ enabled: canManage });
  const companies = options.data?.companies ?? (task.company ? [task.company] : []);
  const members = view.members.map((person) => ({ value: String(person.id), label: person.name }));
  const labels = view.labels.map((label) => ({ value: String(label.id), label: label.name }));
  const firstOf = (columnId: number) =>
    view.tasks.find((item) => item.column_id === columnId && item.id !== task.id);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {canManage ? (
        <Field className="sm:col-span-2">
          <FieldLabel>Título</FieldLabel>
          <Input
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => {
              if (title.trim() && title.trim() !== task.title)
                save({ title: title.trim(), version: task.version });
              else setTitle(task.title);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.currentTarget.blur();
            }}
          />
        </Field>
      ) : null}
      <Field>
        <FieldLabel>Coluna</FieldLabel>
        <Select
          value={String(task.column_id)}
          onValueChange={(value) =>
            onMove({
              taskId: task.id,
              toColumnId: Number(value),
              beforeId: null,
              afterId: firstOf(Number(value))?.id ?? null,
            })
          }
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {view.columns.map((column) => (
              <SelectItem key={column.id} value={String(column.id)}>
                {column.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field>
        <FieldLabel>Prioridade</FieldLabel>
        <Select
          disabled={!canManage}
          value={task.priority}
          onValueChange={(value) =>
            save({ priority: value as UpdateTask['priority'], version: task.version })
          }
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TASK_PRIORITIES.map((priority) => (
              <SelectItem key={priority} value={priority}>
                {TASK_PRIORITY_LABELS[priority]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field>
        <FieldLabel>Início</FieldLabel>
        <Input
          type="date"
          disabled={!canManage}
          value={task.start_date ?? ''}
          onChange={(event) => save({ start_date: event.target.value || null, version: task.version })}
        />
      </Field>
      <Field>
        <FieldLabel>Prazo</FieldLabel>
        <Input
          type="date"
          disabled={!canManage}
          value={task.due_date ?? ''}
          onChange={(event) => save({ due_date: event.target.value || null, version: task.version })}
        />
      </Field>
      <Field className="sm:col-span-2">
        <FieldLabel>Responsáveis</FieldLabel>
        <Combobox
          multiple
          disabled={!canManage}
          options={members}
          value={task.assignees.map((person) => String(person.id))}
          onValueChange={(ids) => save({ assignee_ids: ids.map(Number), version: task.version })}
          placeholder="Escolha pessoas"
        />
      </Field>
      <Field>
        <FieldLabel>Estimativa</FieldLabel>
        <Input
          disabled={!canManage}
          value={estimate}
          placeholder="Ex.: 1h30"
          aria-invalid={estimateError ? true : undefined}
          onChange={(event) => setEstimate(event.target.value)}
          onBlur={() => {
            const minutes = parseEstimate(estimate);
            if (minutes === undefined) {
              setEstimateError('Use horas e minutos, por exemplo 1h30 ou 45min.');
              return;
            }
            setEstimateError(null);
            if (minutes !== task.estimate_minutes) save({ estimate_minutes: minutes, version: task.version });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
        {estimateError ? (
          <p role="alert" className="text-sm text-destructive">
            {estimateError}
          </p>
        ) : null}
      </Field>
      <Field>
        <FieldLabel>Empresa</FieldLabel>
        <Select
          disabled={!canManage}
          value={task.company ? String(task.company.id) : NO_COMPANY}
          onValueChange={(value) =>
            save({ company_id: value === NO_COMPANY ? null : Number(value), version: task.version })
          }
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_COMPANY}>Nenhuma</SelectItem>
            {companies.map((company) => (
              <SelectItem key={company.id} value={String(company.id)}>
                {company.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field className="sm:col-span-2">
        <FieldLabel>Recorrência</FieldLabel>
        <Select
          disabled={!canManage}
          value={task.recurrence?.frequency ?? NO_RECURRENCE}
          onValueChange={(value) =>
            save({
              recurrence:
                value === NO_RECURRENCE
                  ? null
                  : { frequency: value as TaskRecurrenceFrequency, interval: task.recurrence?.interval ?? 1 },
              version: task.version,
            })
          }
        >
          <SelectTrigger>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_RECURRENCE}>Não se repete</SelectItem>
            {TASK_RECURRENCE_FREQUENCIES.map((frequency) => (
              <SelectItem key={frequency} value={frequency}>
                {TASK_RECURRENCE_FREQUENCY_LABELS[frequency]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field className="sm:col-span-2">
        <FieldLabel>Seguidores</FieldLabel>
        <Combobox
          multiple
          disabled={!canManage}
          options={members}
          value={task.watchers.map((person) => String(person.id))}
          onValueChange={(ids) => save({ watcher_ids: ids.map(Number), version: task.version })}
          placeholder="Escolha pessoas"
        />
      </Field>
      <Field className="sm:col-span-2">
        <FieldLabel>Etiquetas</FieldLabel>
        <Combobox
          multiple
          disabled={!canManage}
          options={labels}
          value={task.label_ids.map(String)}
          onValueChange={(ids) => save({ label_ids: ids.map(Number), version: task.version })}
          placeholder="Escolha etiquetas"
        />
      </Field>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:col-span-2">
        <dt className="text-muted-foreground">Estimativa</dt>
        <dd>{formatEstimate(task.estimate_minutes)}</dd>
        <dt className="text-muted-foreground">Criada por</dt>
        <dd>{task.created_by?.name ?? '—'}</dd>
      </dl>
    </div>
  );
}

/** A task in a side panel: its fields, description, checklist, links, comments and history. */
export function TaskPanel({ taskId, view, canManage, onClose, onMove }: TaskPanelProps) {
  const task = useTask(taskId);
  const { user } = useSession();
  const update = useUpdateTask(view.board.id);
  const watching = useSetTaskWatching(taskId);
  const detail = task.data;
  const resolveRef = useMemo(() => referenceResolver(view.tasks, detail), [view.tasks, detail]);
  const save = (changes: UpdateTask) =>
    update.mutate(
      { taskId, changes },
      { onError: (error) => toastTaskFailure(error, 'Não foi possível salvar a tarefa.') },
    );
  const canWork =
    canManage || (!!detail && detail.assignees.some((person) => String(person.id) === String(user?.id)));

  let content;
  if (!detail) {
    const missing = isApiError(task.error) && task.error.status === 404;
    content = task.isPending ? (
      <>
        <DialogHeader>
          <DialogTitle>Carregando tarefa…</DialogTitle>
          <DialogDescription className="sr-only">A tarefa abre em instantes.</DialogDescription>
        </DialogHeader>
        <Spinner label="Carregando tarefa…" />
      </>
    ) : (
      <>
        <DialogHeader>
          <DialogTitle>
            {missing ? 'Tarefa não encontrada' : 'Não foi possível carregar a tarefa'}
          </DialogTitle>
          <DialogDescription>
            {missing
              ? 'Ela pode ter sido excluída.'
              : failureMessage(task.error, 'Tente novamente em instantes.')}
          </DialogDescription>
        </DialogHeader>
        {missing ? null : (
          <Button variant="secondary" onClick={() => void task.refetch()}>
            Tentar novamente
          </Button>
        )}
      </>
    );
  } else {
    content = (
      <>
        <DialogHeader>
          <p className="text-sm text-muted-foreground">
            {taskNumber(detail.number)} · {detail.board_name} · {detail.column_name}
          </p>
          <DialogTitle className="leading-snug break-words">{detail.title}</DialogTitle>
          <DialogDescription className="sr-only">
            Detalhes, checklist, comentários e histórico da tarefa.
          </DialogDescription>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            {detail.priority !== 'nenhuma' ? (
              <Badge variant="outline">
                Prioridade {TASK_PRIORITY_LABELS[detail.priority].toLowerCase()}
              </Badge>
            ) : null}
            {detail.due_date ? <Badge variant="outline">Prazo {formatDay(detail.due_date)}</Badge> : null}
            {detail.blocked_by.length ? (
              <Badge variant="destructive">
                <LockIcon aria-hidden="true" className="mr-1 size-3" />
                Bloqueada por {detail.blocked_by.map((ref) => taskNumber(ref.number)).join(', ')}
              </Badge>
            ) : null}
            {detail.recurrence ? (
              <Badge variant="secondary">
                <RepeatIcon aria-hidden="true" className="mr-1 size-3" />
                {describeRecurrence(detail.recurrence)}
              </Badge>
            ) : null}
            {detail.ticket ? (
              <Link
                to={`/support/ticket/${detail.ticket.id}`}
                className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <LinkIcon aria-hidden="true" className="size-3.5" />
                Chamado #{detail.ticket.number}: {detail.ticket.subject}
              </Link>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              aria-pressed={detail.watching}
              onClick={() =>
                watching.mutate(!detail.watching, {
                  onError: (error) => toastTaskFailure(error, 'Não foi possível mudar o acompanhamento.'),
                })
              }
            >
              {detail.watching ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
              {detail.watching ? 'Deixar de seguir' : 'Seguir'}
            </Button>
          </div>
        </DialogHeader>
        <Fields task={detail} view={view} canManage={canManage} save={save} onMove={onMove} />
        <Description task={detail} canManage={canManage} save={save} resolveRef={resolveRef} />
        <TaskChecklist task={detail} canWork={canWork} />
        <TaskLinks task={detail} canManage={canManage} resolveRef={resolveRef} />
        <TaskAttachments
          task={detail}
          canWork={canWork}
          canManage={canManage}
          userId={user ? Number(user.id) || null : null}
        />
        <TaskComments task={detail} canWork={canWork} resolveRef={resolveRef} />
        <TaskActivityList entries={detail.activity} />
      </>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className={PANEL_CLASS}
        aria-label={detail ? `Tarefa ${taskNumber(detail.number)}` : undefined}
      >
        {content}
      </DialogContent>
    </Dialog>
  );
}
