import type { TaskDetail } from '@farol/data';
import { useAddChecklistItem, useDeleteChecklistItem, useUpdateChecklistItem } from '@farol/data/tasks';
import { Button, Checkbox, Input, toast } from '@farol/ui';
import { TrashIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { formatDay } from '../shared/task-format';

/** The checklist with its progress; ticking needs tasks.manage or being an assignee (the server decides). */
export function TaskChecklist({ task, canWork }: { task: TaskDetail; canWork: boolean }) {
  const titleId = useId();
  const update = useUpdateChecklistItem(task.id);
  const add = useAddChecklistItem(task.id);
  const remove = useDeleteChecklistItem(task.id);
  const [text, setText] = useState('');
  const done = task.checklist.filter((item) => item.done).length;
  const total = task.checklist.length;
  const percent = total ? Math.round((done / total) * 100) : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(
      { text: text.trim() },
      {
        onSuccess: () => setText(''),
        onError: (error) => toast.error(failureMessage(error, 'Não foi possível adicionar o item.')),
      },
    );
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Checklist
        </h3>
        {total ? (
          <span className="text-sm text-muted-foreground tabular-nums">
            {done} de {total}
          </span>
        ) : null}
      </div>
      {total ? (
        <div
          role="progressbar"
          aria-label="Progresso do checklist"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${done} de ${total} itens concluídos`}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-success transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Nenhum item ainda.</p>
      )}
      <ul className="flex flex-col gap-1">
        {task.checklist.map((item) => {
          const id = `checklist-${item.id}`;
          return (
            <li key={item.id} className="flex items-start gap-2 rounded-md px-1 py-1 hover:bg-muted/50">
              <Checkbox
                id={id}
                checked={item.done}
                disabled={!canWork}
                onCheckedChange={(checked) =>
                  update.mutate(
                    { itemId: item.id, changes: { done: checked === true } },
                    {
                      onError: (error) =>
                        toast.error(failureMessage(error, 'Não foi possível marcar o item.')),
                    },
                  )
                }
                className="mt-0.5"
              />
              <label htmlFor={id} className="flex min-w-0 flex-1 flex-col text-sm">
                <span
                  className={item.done ? 'break-words text-muted-foreground line-through' : 'break-words'}
                >
                  {item.text}
                </span>
                {item.assignee || item.due_date ? (
                  <span className="text-xs text-muted-foreground">
                    {[item.assignee?.name, item.due_date ? `até ${formatDay(item.due_date)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                ) : null}
              </label>
              {canWork ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remover o item ${item.text}`}
                  onClick={() => remove.mutate(item.id)}
                >
                  <TrashIcon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canWork ? (
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={`${titleId}-novo`} className="sr-only">
            Novo item do checklist
          </label>
          <Input
            id={`${titleId}-novo`}
            value={text}
            maxLength={300}
            placeholder="Novo item"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={add.isPending || !text.trim()}>
            Adicionar
          </Button>
        </form>
      ) : null}
    </section>
  );
}
