// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useCamera } from './use-camera';

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

afterEach(cleanup);

const flush = () => act(async () => {});

describe('useCamera', () => {
  it('goes live, then stops every track on stop()', async () => {
    const { stream, track } = fakeStream();
    const { result } = renderHook(() => useCamera(() => Promise.resolve(stream)));
    expect(result.current.status).toBe('off');
    act(() => result.current.start());
    expect(result.current.status).toBe('starting');
    await flush();
    expect(result.current.status).toBe('live');
    act(() => result.current.stop());
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('off');
  });

  it('reports denial and absence', async () => {
    const denied = renderHook(() =>
      useCamera(() => Promise.reject(new DOMException('no', 'NotAllowedError'))),
    );
    act(() => denied.result.current.start());
    await flush();
    expect(denied.result.current.status).toBe('denied');

    const absent = renderHook(() => useCamera(() => Promise.reject(new DOMException('no', 'NotFoundError'))));
    act(() => absent.result.current.start());
    await flush();
    expect(absent.result.current.status).toBe('unavailable');
  });

  it('stops the tracks on unmount', async () => {
    const { stream, track } = fakeStream();
    const { result, unmount } = renderHook(() => useCamera(() => Promise.resolve(stream)));
    act(() => result.current.start());
    await flush();
    unmount();
    expect(track.stop).toHaveBeenCalledTimes(1);
  });

  it('stops a stream that arrives after the camera was closed', async () => {
    const { stream, track } = fakeStream();
    let resolve: (s: MediaStream) => void = () => {};
    const { result } = renderHook(() => useCamera(() => new Promise<MediaStream>((r) => (resolve = r))));
    act(() => result.current.start());
    act(() => result.current.stop());
    await act(async () => resolve(stream));
    expect(track.stop).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('off');
  });

  it('captures nothing before the video has a frame', async () => {
    const { result } = renderHook(() => useCamera(() => Promise.resolve(fakeStream().stream)));
    await expect(result.current.capture()).resolves.toBeNull();
  });
});
