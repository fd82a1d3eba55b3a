// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHATBOT_REPLIES } from './chatbot-reply';
import {
  CHATBOT_FAILURE_REPLY,
  CHATBOT_REPLY_DELAY_MS,
  useChatbotConversation,
  type ChatbotResponder,
} from './use-chatbot-conversation';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T12:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useChatbotConversation', () => {
  it('shows the user bubble at once and the bot bubble after 1 s, typing meanwhile', () => {
    const { result } = renderHook(() => useChatbotConversation());
    expect(CHATBOT_REPLY_DELAY_MS).toBe(1000);
    let accepted = false;
    act(() => {
      accepted = result.current.send('  Como abro um chamado?  ');
    });
    expect(accepted).toBe(true);
    expect(result.current.isReplying).toBe(true);
    expect(result.current.messages).toEqual([
      { id: expect.any(String), text: 'Como abro um chamado?', sender: 'user', timestamp: Date.now() },
    ]);

    act(() => vi.advanceTimersByTime(999));
    expect(result.current.messages).toHaveLength(1);
    expect(result.current.isReplying).toBe(true);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.isReplying).toBe(false);
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.messages[1]).toMatchObject({ sender: 'bot', text: CHATBOT_REPLIES.tickets });
    const ids = result.current.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(2);
  });

  it.each(['', '   ', '\n\t'])('refuses blank text %j', (text) => {
    const { result } = renderHook(() => useChatbotConversation());
    let accepted = true;
    act(() => {
      accepted = result.current.send(text);
    });
    expect(accepted).toBe(false);
    expect(result.current.messages).toEqual([]);
    expect(result.current.isReplying).toBe(false);
  });

  it('refuses sends while replying, including two in the same tick', () => {
    const { result } = renderHook(() => useChatbotConversation());
    const outcomes: boolean[] = [];
    act(() => {
      outcomes.push(result.current.send('ssh'));
      outcomes.push(result.current.send('senha'));
    });
    act(() => {
      outcomes.push(result.current.send('empresa'));
    });
    expect(outcomes).toEqual([true, false, false]);
    act(() => vi.advanceTimersByTime(CHATBOT_REPLY_DELAY_MS));
    expect(result.current.messages.map((m) => m.text)).toEqual(['ssh', CHATBOT_REPLIES.connections]);
    act(() => {
      outcomes.push(result.current.send('empresa'));
    });
    expect(outcomes.at(-1)).toBe(true);
  });

  it('answers with the failure text when the responder throws', () => {
    const reply = vi.fn<ChatbotResponder>(() => {
      throw new Error('boom');
    });
    const { result } = renderHook(() => useChatbotConversation({ reply }));
    act(() => {
      result.current.send('oi');
    });
    expect(reply).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(CHATBOT_REPLY_DELAY_MS));
    expect(reply).toHaveBeenCalledWith('oi');
    expect(result.current.messages[1]).toMatchObject({ sender: 'bot', text: CHATBOT_FAILURE_REPLY });
    expect(CHATBOT_FAILURE_REPLY).toBe('Desculpe, ocorreu um erro. Tente novamente em alguns instantes.');
    expect(result.current.isReplying).toBe(false);
  });

  it('accepts an async responder and its rejection', async () => {
    let mode: 'ok' | 'fail' = 'ok';
    const reply: ChatbotResponder = (text) =>
      mode === 'ok' ? Promise.resolve(`eco: ${text}`) : Promise.reject(new Error('x'));
    const { result } = renderHook(() => useChatbotConversation({ reply }));
    act(() => {
      result.current.send('um');
    });
    await act(() => vi.advanceTimersByTimeAsync(CHATBOT_REPLY_DELAY_MS));
    expect(result.current.messages[1]?.text).toBe('eco: um');
    mode = 'fail';
    act(() => {
      result.current.send('dois');
    });
    await act(() => vi.advanceTimersByTimeAsync(CHATBOT_REPLY_DELAY_MS));
    expect(result.current.messages[3]?.text).toBe(CHATBOT_FAILURE_REPLY);
    expect(result.current.isReplying).toBe(false);
  });

  it('treats an empty answer as a failure', () => {
    const { result } = renderHook(() => useChatbotConversation({ reply: () => '  ' }));
    act(() => {
      result.current.send('oi');
    });
    act(() => vi.advanceTimersByTime(CHATBOT_REPLY_DELAY_MS));
    expect(result.current.messages[1]?.text).toBe(CHATBOT_FAILURE_REPLY);
  });

  it('clears its timer on unmount', () => {
    const reply = vi.fn<ChatbotResponder>(() => 'x');
    const { result, unmount } = renderHook(() => useChatbotConversation({ reply }));
    act(() => {
      result.current.send('oi');
    });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(CHATBOT_REPLY_DELAY_MS * 2);
    expect(reply).not.toHaveBeenCalled();
  });
});
