import type { TicketAttachment } from '@farol/data';
import { useTicketAttachment } from '@farol/data/tickets';
import { Spinner, cn } from '@farol/ui';
import { FileTextIcon, ImageIcon, ImageOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatFileSize } from '../shared/ticket-attachment-files';

/** An object URL for the blob while the component shows it (revoked after). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

const tileLink =
  'rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

/** A thumbnail loaded with the session; the link opens the full picture's served URL in a new tab. */
function ImageAttachment({ attachment }: { attachment: TicketAttachment }) {
  const file = useTicketAttachment(attachment.url);
  const objectUrl = useObjectUrl(file.data);
  const size = formatFileSize(attachment.size);
  return (
    <li className="flex w-24 flex-col gap-1">
      <a
        // The served URL, like the PDFs: the new tab gets the server's headers, not a blob copy.
        href={attachment.url}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(tileLink, 'block size-24 overflow-hidden border bg-muted')}
      >
        {objectUrl ? (
          <img src={objectUrl} alt={attachment.name} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center text-muted-foreground">
            {file.isError ? (
              <ImageOffIcon aria-hidden="true" className="size-6" />
            ) : file.isPending ? (
              <Spinner size="sm" label={`Carregando ${attachment.name}…`} />
            ) : (
              <ImageIcon aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">{attachment.name}</span>
          </span>
        )}
        <span className="sr-only">
          {' '}
          ({size}
          {file.isError ? ', não foi possível carregar a miniatura' : ''}), abre em nova aba
        </span>
      </a>
      <span className="truncate text-xs text-muted-foreground" title={attachment.name} aria-hidden="true">
        {attachment.name} · {size}
      </span>
    </li>
  );
}

/**
 * A PDF as a plain link to its served URL (the session cookie goes with it). The server answers it with
 * `Content-Security-Policy: sandbox`, so the viewer's scripts and forms never act as the portal; a `blob:` copy
 * would drop that header and run with the portal's origin (issue 11, item 14).
 */
function FileAttachment({ attachment }: { attachment: TicketAttachment }) {
  return (
    <li className="flex max-w-full flex-col gap-1">
      <a
        href={attachment.url}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(
          tileLink,
          'flex max-w-full items-center gap-2 border bg-card px-3 py-2 text-sm hover:bg-accent',
        )}
      >
        <FileTextIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 truncate font-medium">{attachment.name}</span>
        <span className="shrink-0 text-xs text-muted-foreground">
          <span className="sr-only">(</span>
          {formatFileSize(attachment.size)}
          <span className="sr-only">, PDF, abre em nova aba)</span>
        </span>
      </a>
    </li>
  );
}

/** Files of a message or of the opening description: images as thumbnails, PDFs as links with their size. */
export function TicketAttachments({
  attachments,
  className,
}: {
  attachments: readonly TicketAttachment[];
  className?: string;
}) {
  if (attachments.length === 0) return null;
  const images = attachments.filter((item) => item.mime_type.startsWith('image/'));
  const files = attachments.filter((item) => !item.mime_type.startsWith('image/'));
  return (
    <ul aria-label="Anexos" className={cn('flex flex-wrap items-start gap-2', className)}>
      {images.map((attachment) => (
        <ImageAttachment key={attachment.id} attachment={attachment} />
      ))}
      {files.map((attachment) => (
        <FileAttachment key={attachment.id} attachment={attachment} />
      ))}
    </ul>
  );
}
