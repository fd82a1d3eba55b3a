// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmAction } from './use-confirm-action';

describe('useConfirmAction', () => {
  it('is pending while the action runs and clean after it succeeds', async () => {
    let finish!: () => void;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useConfirmAction('Falhou'));
    let outcome!: Promise<boolean>;
    act(() => {
      outcome = result.current.run(action);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      finish();
      await outcome;
    });
    await expect(outcome).resolves.toBe(true);
    expect(result.current).toMatchObject({ pending: false, error: null });
  });

  it("keeps the error's message, or the fallback for errors without one", async () => {
    const { result } = renderHook(() => useConfirmAction('Não foi possível concluir.'));
    await act(async () => {
      await expect(
        result.current.run(() => Promise.reject(new Error('Empresa tem chamados abertos'))),
      ).resolves.toBe(false);
    });
    expect(result.current.error).toBe('Empresa tem chamados abertos');
    await act(async () => {
      await result.current.run(() => {
        throw 'boom';
      });
    });
    expect(result.current.error).toBe('Não foi possível concluir.');
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
  });

  it('ignores a second run while the first is pending', async () => {
    let finish!: () => void;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useConfirmAction('Falhou'));
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = result.current.run(action);
      second = result.current.run(action);
    });
    await expect(second).resolves.toBe(false);
    await act(async () => {
      finish();
      await first;
    });
    expect(action).toHaveBeenCalledOnce();
  });
});
