import { hasPermission, PERMISSIONS, useSession, type TaskPriority } from '@farol/data';
import {
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATE_GROUP_LABELS,
  TASK_TEMPLATES,
  taskPagePath,
  useCreateTasksFromTicket,
  useTaskOptions,
  useTicketTasks,
} from '@farol/data/tasks';
import { useTicketChanges } from '@farol/data/tickets';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  FieldError,
  FieldLabel,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  toast,
} from '@farol/ui';
import { CheckCircle2Icon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import type { TicketSectionProps } from '../../../lib/module-registry';
import { taskNumber } from '../shared/task-format';

const NONE = 'nenhum';

function CreateTaskDialog({
  ticket,
  open,
  onOpenChange,
}: TicketSectionProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const options = useTaskOptions({ enabled: open });
  const create = useCreateTasksFromTicket();
  const boards = options.data?.boards ?? [];
  // The chamado's company's board first, else the first one.
  const suggested = boards.find((board) => board.company_id === ticket.company_id) ?? boards[0];
  const [boardId, setBoardId] = useState<string | null>(null);
  const [title, setTitle] = useState(ticket.subject);
  const [priority, setPriority] = useState<TaskPriority>('media');
  const [due, setDue] = useState('');
  const [template, setTemplate] = useState(NONE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = boardId ?? (suggested ? String(suggested.id) : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setErrors({ board_id: 'Escolha o quadro' });
      return;
    }
    if (template === NONE && !title.trim()) {
      setErrors({ title: 'Informe o título da tarefa' });
      return;
    }
    setErrors({});
    create.mutate(
      {
        ticket_id: ticket.id,
        board_id: Number(chosen),
        ...(template === NONE
          ? { title: title.trim(), priority, due_date: due || null }
          : { template_key: template, due_date: due || null }),
      },
      {
        onSuccess: (created) => {
          toast.success(
            created.items.length === 1
              ? `Tarefa ${taskNumber(created.items[0]!.number)} criada e ligada ao chamado.`
              : `${created.items.length} tarefas criadas e ligadas ao chamado.`,
            { id: `ticket-${ticket.id}-tasks` },
          );
          onOpenChange(false);
        },
        onError: (error) => {
          const mapped = serverFieldErrors(error, ['board_id', 'title', 'priority', 'due_date'] as const);
          setErrors({
            ...mapped.fields,
            form: mapped.other[0] ?? failureMessage(error, 'Não foi possível criar a tarefa.'),
          } as Record<string, string>);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Criar tarefa</DialogTitle>
          <DialogDescription>
            A tarefa fica ligada a este chamado e aparece aqui com o seu andamento.
          </DialogDescription>
        </DialogHeader>
        {options.isPending ? (
          <Spinner label="Carregando quadros…" showLabel />
        ) : boards.length === 0 ? (
          <p role="alert" className="text-sm">
            Nenhum quadro disponível. Crie um quadro em Tarefas antes.
          </p>
        ) : (
          <form noValidate onSubmit={submit} aria-label="Criar tarefa" className="flex flex-col gap-4">
            <Field required>
              <FieldLabel>Quadro</FieldLabel>
              <Select value={chosen} onValueChange={setBoardId}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {boards.map((board) => (
                    <SelectItem key={board.id} value={String(board.id)}>
                      {board.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{errors.board_id}</FieldError>
            </Field>
            <Field>
              <FieldLabel>Modelo</FieldLabel>
              <Select value={template} onValueChange={setTemplate}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Uma tarefa</SelectItem>
                  {TASK_TEMPLATES.map((item) => (
                    <SelectItem key={item.key} value={item.key}>
                      {item.name} ({item.tasks.length} tarefas)
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            {template === NONE ? (
              <>
                <Field required>
                  <FieldLabel>Título</FieldLabel>
                  <Input value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
                  <FieldError>{errors.title}</FieldError>
                </Field>
                <Field>
                  <FieldLabel>Prioridade</FieldLabel>
                  <Select value={priority} onValueChange={(value) => setPriority(value as TaskPriority)}>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {TASK_PRIORITIES.map((key) => (
                        <SelectItem key={key} value={key}>
                          {TASK_PRIORITY_LABELS[key]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              </>
            ) : null}
            <Field>
              <FieldLabel>Prazo</FieldLabel>
              <Input type="date" value={due} onChange={(event) => setDue(event.target.value)} />
              <FieldError>{errors.due_date}</FieldError>
            </Field>
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Criando…' : 'Criar tarefa'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The chamado's tasks (Tarefas section of its staff page): each with its column and state, "Criar tarefa"
 * pre-filled from the chamado, and "Resolver chamado?" once every linked task is concluded.
 */
export function TicketTasksSection({ ticket }: TicketSectionProps) {
  const tasks = useTicketTasks(ticket.id);
  const { user } = useSession();
  const canManage = hasPermission(user, PERMISSIONS.TASKS_MANAGE);
  const resolve = useTicketChanges(ticket.id);
  const [creating, setCreating] = useState(false);
  const open = ticket.status !== 'resolvido' && ticket.status !== 'fechado';

  return (
    <section aria-labelledby="chamado-tarefas" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="chamado-tarefas" className="font-semibold">
          Tarefas
        </h2>
        {canManage ? (
          <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden="true" />
            Criar tarefa
          </Button>
        ) : null}
      </div>
      {tasks.isPending ? (
        <Spinner label="Carregando tarefas…" />
      ) : !tasks.data ? (
        <div className="flex flex-wrap items-center gap-2">
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(tasks.error, 'Não foi possível carregar as tarefas.')}
          </p>
          <Button size="sm" variant="outline" onClick={() => void tasks.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : tasks.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma tarefa ligada a este chamado.</p>
      ) : (
        <ul aria-labelledby="chamado-tarefas" className="flex flex-col gap-2">
          {tasks.data.items.map((task) => (
            <li key={task.id} className="flex flex-col gap-0.5">
              <Link
                to={taskPagePath(task.board_id, task.id)}
                className="text-sm font-medium break-words text-primary underline-offset-4 hover:underline"
              >
                {taskNumber(task.number)} {task.title}
              </Link>
              <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <Badge variant={task.state_group === 'concluido' ? 'secondary' : 'outline'}>
                  {TASK_STATE_GROUP_LABELS[task.state_group]}
                </Badge>
                {task.board_name} · {task.column_name}
                {task.assignees.length ? ` · ${task.assignees.map((person) => person.name).join(', ')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {tasks.data?.all_concluded && open ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md border border-success/50 bg-success/10 p-3 text-sm"
        >
          <p className="flex items-center gap-2 font-medium">
            <CheckCircle2Icon aria-hidden="true" className="size-4 text-success" />
            Todas as tarefas foram concluídas. Resolver chamado?
          </p>
          <Button
            size="sm"
            className="self-start"
            disabled={resolve.isPending}
            onClick={() =>
              resolve.mutate(
                { status: 'resolvido' },
                {
                  onSuccess: () =>
                    toast.success('Chamado resolvido.', { id: `ticket-${ticket.id}-resolved` }),
                  onError: (error) =>
                    toast.error(failureMessage(error, 'Não foi possível resolver o chamado.')),
                },
              )
            }
          >
            Resolver chamado
          </Button>
        </div>
      ) : null}
      {canManage ? <CreateTaskDialog ticket={ticket} open={creating} onOpenChange={setCreating} /> : null}
    </section>
  );
}
