import type { TaskAttachment, TaskDetail } from '@farol/data';
import {
  TASK_ATTACHMENT_MAX_FILES,
  TASK_ATTACHMENT_TYPES,
  useDeleteTaskAttachment,
  useTaskAttachmentFile,
  useUploadTaskAttachments,
} from '@farol/data/tasks';
import { Button, toast } from '@farol/ui';
import { FileIcon, PaperclipIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Opens a file: fetched with the session (the URL needs it), then shown by the browser from a blob URL. */
function AttachmentLink({ attachment }: { attachment: TaskAttachment }) {
  const [wanted, setWanted] = useState(false);
  const file = useTaskAttachmentFile(attachment.url, { enabled: wanted });
  useEffect(() => {
    if (!wanted || !file.data) return;
    const url = URL.createObjectURL(file.data);
    window.open(url, '_blank', 'noopener');
    setWanted(false);
    const timer = setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return () => clearTimeout(timer);
  }, [wanted, file.data]);
  useEffect(() => {
    if (wanted && file.error) {
      toast.error(failureMessage(file.error, 'Não foi possível abrir o arquivo.'));
      setWanted(false);
    }
  }, [wanted, file.error]);
  return (
    <button
      type="button"
      className="min-w-0 truncate text-left text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      onClick={() => setWanted(true)}
    >
      {attachment.name}
    </button>
  );
}

/** The task's files (the chamados' storage and rules): list, open, send more, remove. */
export function TaskAttachments({
  task,
  canWork,
  canManage,
  userId,
}: {
  task: TaskDetail;
  canWork: boolean;
  canManage: boolean;
  userId: number | null;
}) {
  const upload = useUploadTaskAttachments(task.id);
  const remove = useDeleteTaskAttachment(task.id);
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = (files: File[]) => {
    if (files.length === 0) return;
    setFailure(null);
    if (files.length > TASK_ATTACHMENT_MAX_FILES) {
      setFailure(`Envie no máximo ${TASK_ATTACHMENT_MAX_FILES} arquivos por vez.`);
      return;
    }
    upload.mutate(files, {
      onSuccess: ({ items }) =>
        toast.success(items.length === 1 ? 'Arquivo anexado.' : `${items.length} arquivos anexados.`),
      onError: (error) => setFailure(failureMessage(error, 'Não foi possível anexar.')),
    });
  };
  return (
    <section aria-labelledby="tarefa-anexos" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="tarefa-anexos" className="font-semibold">
          Anexos
        </h3>
        {canWork ? (
          <>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label="Arquivos para anexar"
              accept={TASK_ATTACHMENT_TYPES.join(',')}
              onChange={(event) => {
                send([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
            <Button
              variant="ghost"
              size="sm"
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              <PaperclipIcon aria-hidden="true" />
              {upload.isPending ? 'Anexando…' : 'Anexar arquivo'}
            </Button>
          </>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
      {task.attachments.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum arquivo. Imagens ou PDF, até 10 MB cada.</p>
      ) : (
        <ul aria-label="Arquivos da tarefa" className="flex flex-col gap-1">
          {task.attachments.map((attachment) => (
            <li key={attachment.id} className="flex items-center gap-2">
              <FileIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <AttachmentLink attachment={attachment} />
              <span className="shrink-0 text-xs text-muted-foreground">
                {sizeText(attachment.size)}
                {attachment.uploaded_by ? ` · ${attachment.uploaded_by.name}` : ''}
              </span>
              {canManage || (userId !== null && attachment.uploaded_by?.id === userId) ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="ml-auto"
                  aria-label={`Remover ${attachment.name}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(attachment.id, {
                      onSuccess: () => toast.success('Arquivo removido.'),
                      onError: (error) =>
                        toast.error(failureMessage(error, 'Não foi possível remover o arquivo.')),
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
