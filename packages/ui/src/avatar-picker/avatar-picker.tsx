import { CameraIcon, ImageUpIcon, UploadIcon, VideoOffIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type * as React from 'react';
import { useMessages } from '../i18n/messages-provider';
import { cn } from '../lib/cn';
import { Avatar, type AvatarProps } from '../primitives/avatar/avatar';
import { Button } from '../primitives/button/button';
import { buttonVariants } from '../primitives/button/button-variants';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../primitives/dialog/dialog';
import { AVATAR_MAX_BYTES, defaultCameraProvider, judgeAvatarFile } from './avatar-file';
import { useCamera } from './use-camera';

export type AvatarPickerProps = {
  /** Current picture URL; initials of `name` show without one. */
  src?: string | null;
  name: string;
  /** `false` renders the plain Avatar, as in the sidebar. */
  editable?: boolean;
  /** The chosen picture, after 'Confirmar'. */
  onConfirm?: (file: File) => void;
  /** Larger images are refused with a visible message. Default 5 MB. */
  maxBytes?: number;
  /** Opens the camera; inject to simulate one (stories) or to pick constraints. Default getUserMedia. */
  cameraProvider?: () => Promise<MediaStream>;
  size?: AvatarProps['size'];
  className?: string;
};

interface Selection {
  file: File;
  url: string;
}

function PickerBody({
  name,
  src,
  maxBytes,
  cameraProvider,
  onConfirm,
}: Required<Pick<AvatarPickerProps, 'name' | 'maxBytes' | 'cameraProvider'>> &
  Pick<AvatarPickerProps, 'src' | 'onConfirm'>) {
  const t = useMessages().avatarPicker;
  const common = useMessages().common;
  const [selection, setSelection] = useState<Selection | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const camera = useCamera(cameraProvider);

  // Each preview URL lives exactly as long as its selection (and the dialog).
  useEffect(() => (selection ? () => URL.revokeObjectURL(selection.url) : undefined), [selection]);

  const offer = (file: File | null | undefined) => {
    if (!file) return;
    const verdict = judgeAvatarFile(file, maxBytes);
    if (verdict === 'ignored') return; // spec §5: non-images are ignored silently
    if (verdict === 'too-large') {
      setTooLarge(true);
      return;
    }
    setTooLarge(false);
    setSelection({ file, url: URL.createObjectURL(file) });
  };

  const onFileInput = (event: React.ChangeEvent<HTMLInputElement>) => {
    offer(event.target.files?.[0]);
    // Cleared so choosing the same file again still fires change.
    event.target.value = '';
  };

  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    offer(event.dataTransfer.files[0]);
  };

  const onDragOver = (event: React.DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragOver(true);
  };

  const onDragLeave = (event: React.DragEvent<HTMLDivElement>) => {
    // Moving between children fires dragleave on the parent too; only leaving the zone counts.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragOver(false);
  };

  const onCapture = async () => {
    const file = await camera.capture();
    if (!file) return;
    camera.stop();
    offer(file);
  };

  const cameraOn = camera.status === 'starting' || camera.status === 'live';
  const cameraMessage =
    camera.status === 'unavailable'
      ? t.noCamera
      : camera.status === 'denied'
        ? t.cameraDenied
        : camera.status === 'failed'
          ? t.cameraFailed
          : null;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t.title}</DialogTitle>
        <DialogDescription>{t.hint}</DialogDescription>
      </DialogHeader>

      {cameraOn ? (
        <div className="grid gap-3">
          <video
            ref={camera.videoRef}
            aria-label={t.cameraPreview}
            muted
            playsInline
            className="aspect-video w-full rounded-lg bg-black object-cover"
          />
          {camera.status === 'starting' && (
            <p className="text-sm text-muted-foreground">{t.cameraStarting}</p>
          )}
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => void onCapture()} disabled={camera.status !== 'live'}>
              <CameraIcon aria-hidden="true" />
              {t.capture}
            </Button>
            <Button variant="outline" onClick={camera.stop}>
              <VideoOffIcon aria-hidden="true" />
              {t.stopCamera}
            </Button>
          </div>
        </div>
      ) : (
        <div
          role="group"
          aria-label={t.dropZone}
          data-slot="avatar-picker-dropzone"
          data-state={dragOver ? 'drag-over' : 'idle'}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-border px-4 py-6 text-center transition-colors',
            dragOver && 'border-primary bg-primary/10',
          )}
        >
          {selection ? (
            <img
              src={selection.url}
              alt={t.preview}
              className="size-24 rounded-full object-cover ring-2 ring-primary"
            />
          ) : (
            <Avatar name={name} src={src} size="xl" />
          )}
          <p
            className={cn(
              'flex items-center gap-2 text-sm',
              dragOver ? 'text-foreground' : 'text-muted-foreground',
            )}
          >
            <ImageUpIcon aria-hidden="true" className="size-4" />
            {dragOver ? t.dropActive : t.dropIdle}
          </p>
        </div>
      )}

      {!cameraOn && (
        <div className="flex flex-wrap justify-center gap-2">
          {/* A label wraps the real input: one accessible control, and the browser's own picker on click. */}
          <label
            className={cn(
              buttonVariants({ variant: 'secondary' }),
              'cursor-pointer focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background',
            )}
          >
            <UploadIcon aria-hidden="true" />
            {t.chooseFile}
            <input type="file" accept="image/*" className="sr-only" onChange={onFileInput} />
          </label>
          <Button variant="secondary" onClick={camera.start}>
            <CameraIcon aria-hidden="true" />
            {t.useCamera}
          </Button>
        </div>
      )}

      {(tooLarge || cameraMessage) && (
        <div role="alert" className="grid gap-1 text-center text-sm font-medium text-destructive">
          {tooLarge && <p>{t.tooLarge}</p>}
          {cameraMessage && <p>{cameraMessage}</p>}
        </div>
      )}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{common.cancel}</Button>
        </DialogClose>
        <DialogClose asChild>
          <Button disabled={!selection} onClick={() => selection && onConfirm?.(selection.file)}>
            {common.confirm}
          </Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/**
 * The profile picture with its editor: a dialog offering a file chooser, the camera and drag-and-drop, with a
 * preview before confirming. `editable={false}` is just the avatar.
 */
export function AvatarPicker({
  src,
  name,
  editable = true,
  onConfirm,
  maxBytes = AVATAR_MAX_BYTES,
  cameraProvider = defaultCameraProvider,
  size = 'xl',
  className,
}: AvatarPickerProps) {
  const t = useMessages().avatarPicker;
  const [open, setOpen] = useState(false);
  if (!editable) return <Avatar name={name} src={src} size={size} className={className} />;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        data-slot="avatar-picker-trigger"
        aria-label={t.trigger(name)}
        className={cn(
          'group relative inline-flex rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
          className,
        )}
      >
        <Avatar name={name} src={src} size={size} decorative />
        <span
          aria-hidden="true"
          className="absolute right-0 bottom-0 inline-flex size-7 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground transition-transform group-hover:scale-110"
        >
          <CameraIcon className="size-3.5" />
        </span>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        {/* Mounted only while open: closing drops the selection and stops the camera tracks. */}
        {open && (
          <PickerBody
            name={name}
            src={src}
            maxBytes={maxBytes}
            cameraProvider={cameraProvider}
            onConfirm={onConfirm}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
