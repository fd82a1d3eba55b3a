import { useCallback, useEffect, useRef, useState, type RefCallback } from 'react';
import { classifyCameraError, type CameraFailure } from './avatar-file';

export type CameraStatus = 'off' | 'starting' | 'live' | CameraFailure;

export interface UseCameraResult {
  status: CameraStatus;
  /** Attach to the <video> that shows the live preview. */
  videoRef: RefCallback<HTMLVideoElement>;
  start: () => void;
  stop: () => void;
  /** The current frame as a PNG file, or null when the camera has no picture yet. */
  capture: () => Promise<File | null>;
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Camera lifecycle for a capture widget: every track is stopped on stop, on restart and on unmount. */
export function useCamera(provider: () => Promise<MediaStream>): UseCameraResult {
  const [status, setStatus] = useState<CameraStatus>('off');
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  // Each start gets a ticket; a stream that arrives after stop() or a newer start() is stopped at once.
  const ticket = useRef(0);

  const attach = useCallback(() => {
    const el = video.current;
    if (!el || !stream.current || el.srcObject === stream.current) return;
    el.srcObject = stream.current;
    void el.play().catch(() => {
      // Autoplay refusals leave the first frame visible; capture still works.
    });
  }, []);

  const videoRef = useCallback<RefCallback<HTMLVideoElement>>(
    (el) => {
      video.current = el;
      attach();
    },
    [attach],
  );

  const stop = useCallback(() => {
    ticket.current += 1;
    stopStream(stream.current);
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setStatus('off');
  }, []);

  const start = useCallback(() => {
    const mine = ++ticket.current;
    stopStream(stream.current);
    stream.current = null;
    setStatus('starting');
    provider().then(
      (s) => {
        if (mine !== ticket.current) {
          stopStream(s);
          return;
        }
        stream.current = s;
        setStatus('live');
        attach();
      },
      (error: unknown) => {
        if (mine === ticket.current) setStatus(classifyCameraError(error));
      },
    );
  }, [provider, attach]);

  useEffect(
    () => () => {
      ticket.current += 1;
      stopStream(stream.current);
      stream.current = null;
    },
    [],
  );

  const capture = useCallback(async () => {
    const el = video.current;
    if (!el || el.videoWidth === 0 || el.videoHeight === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return blob ? new File([blob], `foto-${Date.now()}.png`, { type: 'image/png' }) : null;
  }, []);

  return { status, videoRef, start, stop, capture };
}
