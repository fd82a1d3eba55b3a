import type { TaskActivity } from '@farol/data';
import { useId } from 'react';
import { formatInstant } from '../shared/task-format';

const FIELD_NAMES: Record<string, string> = {
  title: 'o título',
  description: 'a descrição',
  priority: 'a prioridade',
  start_date: 'o início',
  due_date: 'o prazo',
  estimate_minutes: 'a estimativa',
  assignee_ids: 'os responsáveis',
  label_ids: 'as etiquetas',
  company_id: 'a empresa',
  recurrence: 'a recorrência',
  column: 'a coluna',
};

/** One line of the history, as a sentence. */
export function activityText(entry: Pick<TaskActivity, 'action' | 'field' | 'from' | 'to'>): string {
  switch (entry.action) {
    case 'created':
      return 'criou a tarefa';
    case 'moved':
      return entry.from && entry.to ? `moveu de ${entry.from} para ${entry.to}` : 'moveu a tarefa';
    case 'commented':
      return 'comentou';
    case 'checklist':
      return entry.to ? `adicionou ao checklist: ${entry.to}` : 'mudou o checklist';
    case 'linked':
      return entry.to ? `ligou a ${entry.to}` : 'ligou a outra tarefa';
    case 'unlinked':
      return 'desfez uma ligação';
    case 'attached':
      return 'anexou um arquivo';
    case 'recurred':
      return 'criou a próxima ocorrência';
    case 'updated': {
      const field = (entry.field && FIELD_NAMES[entry.field]) ?? 'a tarefa';
      return entry.from !== null && entry.to !== null
        ? `mudou ${field} de ${entry.from} para ${entry.to}`
        : `mudou ${field}`;
    }
    default:
      return entry.action;
  }
}

export function TaskActivityList({ entries }: { entries: readonly TaskActivity[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="font-semibold">
        Histórico
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nada registrado ainda.</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col gap-1.5 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-col">
              <span>
                <span className="font-medium">{entry.who?.name ?? 'Farol'}</span> {activityText(entry)}
              </span>
              <time dateTime={entry.at} className="text-xs text-muted-foreground">
                {formatInstant(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
