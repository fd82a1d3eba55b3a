import type { TaskDetail, TaskLinkRelation } from '@farol/data';
import {
  TASK_LINK_RELATION_LABELS,
  TASK_LINK_RELATIONS,
  getTasks,
  useAddTaskLink,
  useDeleteTaskLink,
} from '@farol/data/tasks';
import { useApiClient } from '@farol/data';
import {
  Button,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from '@farol/ui';
import { XIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import type { MarkdownViewProps } from '../shared/markdown-view';
import { taskNumber } from '../shared/task-format';

/** Links to other tasks (bloqueia, bloqueada por, relacionada, duplica), and adding one by its #número. */
export function TaskLinks({
  task,
  canManage,
  resolveRef,
}: {
  task: TaskDetail;
  canManage: boolean;
  resolveRef: MarkdownViewProps['resolveRef'];
}) {
  const titleId = useId();
  const api = useApiClient();
  const add = useAddTaskLink(task.id);
  const remove = useDeleteTaskLink(task.id);
  const [relation, setRelation] = useState<TaskLinkRelation>('bloqueada_por');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(number.replace(/^#/, ''));
    if (!Number.isSafeInteger(wanted) || wanted <= 0) {
      setError('Informe o número da tarefa, como #12');
      return;
    }
    setError(null);
    try {
      const found = await getTasks(api, { number: wanted, limit: 1 });
      const other = found.items[0];
      if (!other) {
        setError(`Nenhuma tarefa #${wanted} que você possa ver`);
        return;
      }
      await add.mutateAsync({ kind: relation, task_id: other.id });
      setNumber('');
      toast.success(`${TASK_LINK_RELATION_LABELS[relation]} ${taskNumber(other.number)}.`, {
        id: `link-${task.id}`,
      });
    } catch (failure) {
      setError(failureMessage(failure, 'Não foi possível ligar as tarefas.'));
    }
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="font-semibold">
        Dependências e ligações
      </h3>
      {task.links.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma ligação.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {task.links.map((link) => {
            const target = resolveRef('task', link.task.number);
            return (
              <li key={link.id} className="flex items-center gap-2 text-sm">
                <span className="text-muted-foreground">{TASK_LINK_RELATION_LABELS[link.relation]}</span>
                <Link
                  to={target.href}
                  className="min-w-0 flex-1 truncate font-medium text-primary underline-offset-4 hover:underline"
                >
                  {taskNumber(link.task.number)} {link.task.title}
                </Link>
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remover a ligação com ${taskNumber(link.task.number)}`}
                    onClick={() =>
                      remove.mutate(link.id, {
                        onError: (failure) =>
                          toast.error(failureMessage(failure, 'Não foi possível remover a ligação.')),
                      })
                    }
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canManage ? (
        <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-start gap-2">
          <Select value={relation} onValueChange={(value) => setRelation(value as TaskLinkRelation)}>
            <SelectTrigger aria-label="Tipo de ligação" className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TASK_LINK_RELATIONS.map((key) => (
                <SelectItem key={key} value={key}>
                  {TASK_LINK_RELATION_LABELS[key]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <div className="flex min-w-32 flex-1 flex-col gap-1">
            <Input
              aria-label="Número da tarefa"
              aria-invalid={error ? true : undefined}
              value={number}
              inputMode="numeric"
              placeholder="#12"
              onChange={(event) => setNumber(event.target.value)}
            />
            {error ? (
              <p role="alert" className="text-xs text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="secondary" disabled={add.isPending}>
            Ligar
          </Button>
        </form>
      ) : null}
    </section>
  );
}
