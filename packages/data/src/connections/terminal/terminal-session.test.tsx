// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PINNED_KEY } from '../mocks/seed';
import { createFakeTerminalTransport, type FakeTerminalOptions } from './fake-transport';
import { splitTerminalInput } from './socket-transport';
import { TerminalTransportProvider, useTerminalSession } from './use-terminal-session';

afterEach(cleanup);

const render = (options: FakeTerminalOptions = {}) => {
  const transport = createFakeTerminalTransport(options);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TerminalTransportProvider transport={transport}>{children}</TerminalTransportProvider>
  );
  return { transport, ...renderHook(() => useTerminalSession(), { wrapper }) };
};

describe('useTerminalSession', () => {
  it('opens with the ticket, hands output that came before the subscriber, and sends keystrokes', async () => {
    const { result, transport } = render({ recording: true });
    act(() => result.current.open({ kind: 'open', ticket: 't'.repeat(43), cols: 120, rows: 30 }));
    expect(result.current.state.phase).toBe('connecting');
    await waitFor(() => expect(result.current.state.phase).toBe('ready'));
    expect(result.current.state.ready).toMatchObject({ recording: true, watching: false });
    const seen: string[] = [];
    act(() => void result.current.subscribe((chunk) => seen.push(chunk)));
    expect(seen.join('')).toContain('ana@srv-db01:~$ ');
    act(() => result.current.input('whoami\r'));
    expect(seen.join('')).toContain('whoami\r\nana\r\n');
    expect(transport.opened[0]!.inputs).toEqual(['whoami\r']);
    expect(result.current.traffic().sent).toBe(7);
  });

  it('waits for the person to trust a new host key, and is blocked by a changed one', async () => {
    const fresh = render({ hostKey: { sha256: PINNED_KEY, state: 'new', pinned: null } });
    act(() => fresh.result.current.open({ kind: 'open', ticket: 't'.repeat(43), cols: 80, rows: 24 }));
    await waitFor(() => expect(fresh.result.current.state.phase).toBe('hostkey'));
    expect(fresh.result.current.state.hostKey?.sha256).toBe(PINNED_KEY);
    act(() => fresh.result.current.trustHostKey(PINNED_KEY));
    await waitFor(() => expect(fresh.result.current.state.phase).toBe('ready'));

    const changed = render({
      hostKey: { sha256: PINNED_KEY, state: 'mismatch', pinned: 'SHA256:' + 'a'.repeat(43) },
    });
    act(() => changed.result.current.open({ kind: 'open', ticket: 't'.repeat(43), cols: 80, rows: 24 }));
    await waitFor(() => expect(changed.result.current.state.phase).toBe('closed'));
    expect(changed.result.current.state.closed?.reason).toBe('host_key_divergente');
    expect(changed.result.current.state.hostKey?.state).toBe('mismatch');
  });

  it('closes with the server’s reason, and a refused ticket says so', async () => {
    const live = render();
    act(() => live.result.current.open({ kind: 'open', ticket: 't'.repeat(43), cols: 80, rows: 24 }));
    await waitFor(() => expect(live.result.current.state.phase).toBe('ready'));
    act(() => live.transport.endFromServer('ociosa'));
    expect(live.result.current.state.closed).toEqual({
      reason: 'ociosa',
      message_pt: 'Sessão encerrada por inatividade.',
    });
    const refused = render({ refuse: 'ticket_invalido' });
    act(() => refused.result.current.open({ kind: 'open', ticket: 't'.repeat(43), cols: 80, rows: 24 }));
    await waitFor(() => expect(refused.result.current.state.closed?.reason).toBe('ticket_invalido'));
  });
});

describe('splitTerminalInput', () => {
  it('splits a long paste into pieces the server accepts, keeping every character', () => {
    const paste = 'x'.repeat(10) + 'y'.repeat(5);
    expect(splitTerminalInput(paste, 4)).toEqual(['xxxx', 'xxxx', 'xxyy', 'yyy']);
    expect(splitTerminalInput(paste, 4).join('')).toBe(paste);
  });
});
