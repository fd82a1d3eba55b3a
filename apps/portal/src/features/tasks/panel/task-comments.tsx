import type { TaskDetail } from '@farol/data';
import { useAddTaskComment, useTaskComments } from '@farol/data/tasks';
import { Avatar, Button, Spinner, Textarea, toast } from '@farol/ui';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { MarkdownView, type MarkdownViewProps } from '../shared/markdown-view';
import { formatInstant } from '../shared/task-format';

/** Comments (Markdown, @menções notify), oldest first; others' comments arrive live. */
export function TaskComments({
  task,
  canWork,
  resolveRef,
}: {
  task: TaskDetail;
  canWork: boolean;
  resolveRef: MarkdownViewProps['resolveRef'];
}) {
  const titleId = useId();
  const comments = useTaskComments(task.id);
  const add = useAddTaskComment(task.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) {
      setError('Escreva o comentário');
      return;
    }
    setError(null);
    add.mutate(
      { body: body.trim() },
      {
        onSuccess: () => {
          setBody('');
          toast.success('Comentário publicado.', { id: `comment-${task.id}` });
        },
        onError: (failure) => setError(failureMessage(failure, 'Não foi possível publicar o comentário.')),
      },
    );
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h3 id={titleId} className="font-semibold">
        Comentários{' '}
        {comments.data ? (
          <span className="font-normal text-muted-foreground">({comments.data.total})</span>
        ) : null}
      </h3>
      {comments.isPending ? (
        <Spinner label="Carregando comentários…" showLabel />
      ) : !comments.data ? (
        <p role="alert" className="text-sm text-destructive">
          {failureMessage(comments.error, 'Não foi possível carregar os comentários.')}
        </p>
      ) : comments.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum comentário ainda.</p>
      ) : (
        <ol aria-labelledby={titleId} className="flex flex-col gap-3">
          {comments.data.items.map((comment) => (
            <li key={comment.id} className="flex gap-2">
              <Avatar name={comment.author.name} size="sm" decorative />
              <div className="flex min-w-0 flex-1 flex-col gap-1 rounded-md bg-muted/50 px-3 py-2">
                <p className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{comment.author.name}</span> ·{' '}
                  <time dateTime={comment.created_at}>{formatInstant(comment.created_at)}</time>
                </p>
                <MarkdownView source={comment.body} resolveRef={resolveRef} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {canWork ? (
        <form onSubmit={submit} className="flex flex-col gap-2">
          <label htmlFor={`${titleId}-novo`} className="text-sm font-medium">
            Novo comentário
          </label>
          <Textarea
            id={`${titleId}-novo`}
            value={body}
            maxLength={10_000}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${titleId}-dica`}
            onChange={(event) => setBody(event.target.value)}
            placeholder="Escreva em Markdown; @login menciona alguém, #123 cita uma tarefa"
          />
          <p id={`${titleId}-dica`} className="text-xs text-muted-foreground">
            {error ? (
              <span role="alert" className="text-destructive">
                {error}
              </span>
            ) : (
              'Quem você mencionar recebe uma notificação.'
            )}
          </p>
          <Button type="submit" className="self-end" disabled={add.isPending}>
            {add.isPending ? 'Publicando…' : 'Comentar'}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
