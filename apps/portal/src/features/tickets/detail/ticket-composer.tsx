import { Button, Spinner, cn } from '@farol/ui';
import { LockIcon, SendHorizontalIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAddTicketMessage } from '@farol/data/tickets';
import { TicketAttachmentInput } from '../shared/ticket-attachment-input';
import { FIELD_CONTROL_CLASS, describedBy } from '../shared/ticket-field';
import { failureMessage } from '../../../lib/form-errors';

export const EMPTY_REPLY_MESSAGE = 'Escreva uma mensagem ou anexe um arquivo';

type Mode = 'reply' | 'note';

const MODES: { value: Mode; label: string }[] = [
  { value: 'reply', label: 'Responder ao cliente' },
  { value: 'note', label: 'Nota interna' },
];

export interface TicketComposerProps {
  ticketId: number;
  /** Staff choose between a public reply and an internal note; clients only reply. */
  area: 'staff' | 'client';
  disabled?: boolean;
}

/**
 * The reply box: text and files, Ctrl/Cmd+Enter sends. The text stays when sending fails (with the reason)
 * and clears once the server has it; the thread refreshes through the API client's invalidation.
 */
export function TicketComposer({ ticketId, area, disabled = false }: TicketComposerProps) {
  const id = useId();
  const send = useAddTicketMessage(ticketId);
  const [mode, setMode] = useState<Mode>('reply');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const note = area === 'staff' && mode === 'note';
  const pending = send.isPending;
  const textId = `${id}-text`;

  const submit = () => {
    if (pending || disabled) return;
    setFailure(null);
    setSent(null);
    if (!body.trim() && files.length === 0) {
      setInvalid(EMPTY_REPLY_MESSAGE);
      textarea.current?.focus();
      return;
    }
    setInvalid(null);
    send.mutate(
      { body: body.trim(), internal: note, files },
      {
        onSuccess: () => {
          setBody('');
          setFiles([]);
          setSent(note ? 'Nota interna adicionada.' : 'Resposta enviada.');
        },
        onError: (error) =>
          setFailure(
            failureMessage(
              error,
              note ? 'Não foi possível adicionar a nota.' : 'Não foi possível enviar a resposta.',
            ),
          ),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn(
        'flex flex-col gap-3 rounded-lg border p-3 md:p-4',
        note ? 'border-dashed border-amber-400/70 bg-amber-400/10' : 'bg-card',
      )}
    >
      <h2 id={`${id}-heading`} className="font-semibold">
        {area === 'staff' ? 'Responder ou anotar' : 'Responder'}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit();
        }}
      >
        {area === 'staff' ? (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="sr-only">Tipo de mensagem</legend>
            <div className="inline-flex w-fit rounded-md border bg-background p-0.5">
              {MODES.map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    'flex cursor-pointer items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    mode === option.value
                      ? 'bg-secondary text-secondary-foreground'
                      : 'text-muted-foreground',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    value={option.value}
                    checked={mode === option.value}
                    onChange={() => setMode(option.value)}
                    disabled={pending}
                    className="sr-only"
                  />
                  {option.value === 'note' ? <LockIcon aria-hidden="true" className="size-3.5" /> : null}
                  {option.label}
                </label>
              ))}
            </div>
            {note ? (
              <p id={`${id}-note-hint`} className="flex items-center gap-1.5 text-sm">
                <LockIcon aria-hidden="true" className="size-4 shrink-0 text-amber-400" />
                Visível apenas para a equipe: o cliente não vê esta nota.
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textId} className="sr-only">
            {note ? 'Nota interna' : 'Mensagem'}
          </label>
          <textarea
            ref={textarea}
            id={textId}
            rows={4}
            maxLength={10_000}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              if (invalid) setInvalid(null);
            }}
            onKeyDown={onKeyDown}
            disabled={disabled}
            readOnly={pending}
            placeholder={note ? 'Anotação para a equipe…' : 'Escreva sua resposta…'}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={
              [describedBy(textId, { error: invalid ?? undefined }), note ? `${id}-note-hint` : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
            className={cn(FIELD_CONTROL_CLASS, 'min-h-24 resize-y py-2')}
          />
          {invalid ? (
            <p id={`${textId}-error`} className="text-sm text-destructive">
              {invalid}
            </p>
          ) : null}
        </div>
        <TicketAttachmentInput
          files={files}
          onFilesChange={(next) => {
            setFiles(next);
            if (invalid) setInvalid(null);
          }}
          disabled={disabled || pending}
          compact
        />
        {failure ? (
          <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite" className="text-xs text-muted-foreground">
            {pending ? 'Enviando…' : (sent ?? 'Ctrl+Enter envia.')}
          </p>
          <Button type="submit" disabled={disabled || pending}>
            {pending ? (
              <Spinner size="sm" label="Enviando…" className="text-current" />
            ) : (
              <SendHorizontalIcon aria-hidden="true" />
            )}
            {note ? 'Adicionar nota' : 'Enviar resposta'}
          </Button>
        </div>
      </form>
    </section>
  );
}
