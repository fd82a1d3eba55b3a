import { Button, IconButton, cn } from '@farol/ui';
import { FileTextIcon, ImageIcon, PaperclipIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_HINT,
  addAttachmentFiles,
  formatFileSize,
} from './ticket-attachment-files';

export interface TicketAttachmentInputProps {
  files: readonly File[];
  onFilesChange: (files: File[]) => void;
  disabled?: boolean;
  /** An error about the files from outside (e.g. the server's `files` detail), shown under the chips. */
  error?: string | undefined;
  /** Smaller layout for the reply box. */
  compact?: boolean;
  /** The chooser button, so a form can move focus here when the files are invalid. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * Files for a new ticket or a reply: a chooser button and a drop area, the chosen files as chips with a
 * remove button, and a visible reason for each refused file (type, size, count).
 */
export function TicketAttachmentInput({
  files,
  onFilesChange,
  disabled = false,
  error,
  compact = false,
  ref,
}: TicketAttachmentInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const add = (incoming: readonly File[]) => {
    if (disabled || incoming.length === 0) return;
    const result = addAttachmentFiles(files, incoming);
    setRefusals(result.refusals);
    if (result.files.length !== files.length) onFilesChange(result.files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    add(Array.from(event.dataTransfer.files));
  };

  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const problems = [...refusals, ...(error ? [error] : [])];

  return (
    <div className="flex flex-col gap-2" data-slot="ticket-attachment-input">
      <div
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-dashed border-input text-sm',
          compact ? 'px-2 py-1.5' : 'px-3 py-3',
          dragging && 'border-primary bg-accent',
          problems.length > 0 && 'border-destructive',
        )}
      >
        <Button
          ref={ref}
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={problems.length > 0 ? `${hintId} ${problemsId}` : hintId}
        >
          <PaperclipIcon aria-hidden="true" />
          Anexar arquivos
        </Button>
        <span id={hintId} className="text-xs text-muted-foreground">
          <span className="max-sm:hidden">Ou arraste para cá. </span>
          {ATTACHMENT_HINT}
        </span>
        <input
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-label="Anexar arquivos"
          tabIndex={-1}
          className="hidden"
          disabled={disabled}
          onChange={(event) => {
            add(Array.from(event.target.files ?? []));
            // Lets the same file be chosen again after it was removed.
            event.target.value = '';
          }}
        />
      </div>
      {files.length > 0 ? (
        <ul aria-label="Arquivos anexados" className="flex flex-wrap gap-2">
          {files.map((file, index) => {
            const Icon = file.type === 'application/pdf' ? FileTextIcon : ImageIcon;
            return (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex max-w-full items-center gap-1.5 rounded-full border bg-secondary py-0.5 pr-0.5 pl-2.5 text-xs text-secondary-foreground"
              >
                <Icon aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="max-w-[14rem] truncate" title={file.name}>
                  {file.name}
                </span>
                <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
                <IconButton
                  label={`Remover ${file.name}`}
                  size="sm"
                  className="size-6"
                  disabled={disabled}
                  onClick={() => {
                    setRefusals([]);
                    onFilesChange(files.filter((_, position) => position !== index));
                  }}
                >
                  <XIcon aria-hidden="true" className="size-3.5" />
                </IconButton>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div id={problemsId} aria-live="polite" className="flex flex-col gap-0.5">
        {problems.map((problem) => (
          <p key={problem} className="text-sm text-destructive">
            {problem}
          </p>
        ))}
      </div>
    </div>
  );
}
