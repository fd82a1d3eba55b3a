// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Chatbot } from './chatbot';
import type { PositionStorage } from './position-storage';

const storage = (): PositionStorage => {
  const data = new Map<string, string>();
  return { get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v) };
};

afterEach(cleanup);

describe('Chatbot', () => {
  it('follows a controlled state and only asks for changes', () => {
    const onStateChange = vi.fn();
    const { rerender } = render(
      <Chatbot state="closed" onStateChange={onStateChange} positionStorage={storage()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abrir assistente' }));
    expect(onStateChange).toHaveBeenCalledWith('maximized');
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Chatbot state="minimized" onStateChange={onStateChange} positionStorage={storage()} />);
    expect(screen.getByRole('dialog', { name: 'Assistente Farol' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('closes itself when it becomes hidden and stays hidden until shown again', () => {
    const onStateChange = vi.fn();
    const s = storage();
    const { rerender } = render(
      <Chatbot defaultState="maximized" onStateChange={onStateChange} positionStorage={s} />,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    rerender(<Chatbot hidden defaultState="maximized" onStateChange={onStateChange} positionStorage={s} />);
    expect(onStateChange).toHaveBeenCalledWith('closed');
    expect(screen.queryByRole('button', { name: /assistente/ })).toBeNull();
    rerender(<Chatbot onStateChange={onStateChange} positionStorage={s} />);
    expect(screen.getByRole('button', { name: 'Abrir assistente' })).toBeTruthy();
  });

  it('sends trimmed text once and never blank text', () => {
    const onSend = vi.fn();
    render(<Chatbot defaultState="maximized" onSend={onSend} positionStorage={storage()} />);
    const input = screen.getByRole('textbox', { name: 'Mensagem para o assistente' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' senha do servidor ' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('senha do servidor');
    expect((input as HTMLTextAreaElement).value).toBe('');
  });
});
