// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  chatbotPositionKey,
  localPositionStorage,
  readStoredPosition,
  writeStoredPosition,
  type PositionStorage,
} from './position-storage';

function memoryStorage(
  initial: Record<string, string> = {},
): PositionStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (key) => data.get(key) ?? null, set: (key, value) => void data.set(key, value) };
}

afterEach(() => localStorage.clear());

describe('chatbot position storage', () => {
  it('uses one key per device class', () => {
    expect(chatbotPositionKey('desktop')).toBe('farol:chatbot-position:desktop');
    expect(chatbotPositionKey('mobile')).toBe('farol:chatbot-position:mobile');
  });

  it('writes JSON {x, y} and reads it back per device class', () => {
    const storage = memoryStorage();
    writeStoredPosition(storage, 'desktop', { x: 24, y: 300 });
    expect(storage.data.get('farol:chatbot-position:desktop')).toBe('{"x":24,"y":300}');
    expect(readStoredPosition(storage, 'desktop')).toEqual({ x: 24, y: 300 });
    expect(readStoredPosition(storage, 'mobile')).toBeNull();
  });

  it('ignores corrupt or ill-shaped values', () => {
    const storage = memoryStorage({
      'farol:chatbot-position:desktop': '{not json',
      'farol:chatbot-position:mobile': '{"x":"1","y":2}',
    });
    expect(readStoredPosition(storage, 'desktop')).toBeNull();
    expect(readStoredPosition(storage, 'mobile')).toBeNull();
    storage.data.set('farol:chatbot-position:mobile', 'null');
    expect(readStoredPosition(storage, 'mobile')).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken: PositionStorage = {
      get: () => {
        throw new Error('blocked');
      },
      set: () => {
        throw new Error('quota');
      },
    };
    expect(readStoredPosition(broken, 'desktop')).toBeNull();
    expect(() => writeStoredPosition(broken, 'desktop', { x: 1, y: 2 })).not.toThrow();
  });

  it('defaults to localStorage', () => {
    writeStoredPosition(localPositionStorage, 'mobile', { x: 16, y: 100 });
    expect(localStorage.getItem('farol:chatbot-position:mobile')).toBe('{"x":16,"y":100}');
    expect(readStoredPosition(localPositionStorage, 'mobile')).toEqual({ x: 16, y: 100 });
  });
});
