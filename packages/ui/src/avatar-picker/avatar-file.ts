/** The size the hint promises ('até 5MB'); larger files are refused with a visible message. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export type FileVerdict = 'accepted' | 'ignored' | 'too-large';

/**
 * What to do with a file offered by the chooser, the camera or a drop. Non-images are ignored silently
 * (spec §5); images over `maxBytes` are refused.
 */
export function judgeAvatarFile(
  file: Pick<File, 'type' | 'size'>,
  maxBytes: number = AVATAR_MAX_BYTES,
): FileVerdict {
  if (!file.type.startsWith('image/')) return 'ignored';
  if (file.size > maxBytes) return 'too-large';
  return 'accepted';
}

export type CameraFailure = 'unavailable' | 'denied' | 'failed';

/** Maps a getUserMedia rejection to what the person is told. */
export function classifyCameraError(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'NotSupportedError':
      return 'unavailable';
    default:
      return 'failed';
  }
}

/** navigator.mediaDevices.getUserMedia for video, or a NotFoundError where the browser has no camera API. */
export function defaultCameraProvider(): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof devices.getUserMedia !== 'function') {
    return Promise.reject(new DOMException('Camera API unavailable', 'NotFoundError'));
  }
  return devices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
}
