import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, classifyCameraError, defaultCameraProvider, judgeAvatarFile } from './avatar-file';

describe('judgeAvatarFile', () => {
  it('accepts any image/* type up to 5 MB', () => {
    expect(judgeAvatarFile({ type: 'image/png', size: 10 })).toBe('accepted');
    expect(judgeAvatarFile({ type: 'image/gif', size: AVATAR_MAX_BYTES })).toBe('accepted');
    expect(judgeAvatarFile({ type: 'image/webp', size: 1 })).toBe('accepted');
  });

  it('ignores non-images whatever their size', () => {
    expect(judgeAvatarFile({ type: 'application/pdf', size: 10 })).toBe('ignored');
    expect(judgeAvatarFile({ type: '', size: 10 })).toBe('ignored');
    expect(judgeAvatarFile({ type: 'text/plain', size: AVATAR_MAX_BYTES * 3 })).toBe('ignored');
  });

  it('refuses images over the limit', () => {
    expect(judgeAvatarFile({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('too-large');
    expect(judgeAvatarFile({ type: 'image/jpeg', size: 2000 }, 1000)).toBe('too-large');
  });
});

describe('classifyCameraError', () => {
  it('tells denial from absence', () => {
    expect(classifyCameraError(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(classifyCameraError(new DOMException('x', 'SecurityError'))).toBe('denied');
    expect(classifyCameraError(new DOMException('x', 'NotFoundError'))).toBe('unavailable');
    expect(classifyCameraError(new DOMException('x', 'OverconstrainedError'))).toBe('unavailable');
    expect(classifyCameraError(new DOMException('x', 'NotReadableError'))).toBe('failed');
    expect(classifyCameraError('weird')).toBe('failed');
  });

  it('rejects with NotFoundError where there is no camera API', async () => {
    await expect(defaultCameraProvider()).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
