import { Button } from '@farol/ui';
import { SendHorizontalIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';

export interface MessageComposerProps {
  onSend: (text: string) => void;
  onTyping?: () => void;
  disabled?: boolean;
}

export const MESSAGE_MAX_LENGTH = 5000;

/** Enter sends, Shift+Enter breaks the line; blank text is never sent. */
export function MessageComposer({ onSend, onTyping, disabled = false }: MessageComposerProps) {
  const id = useId();
  const [text, setText] = useState('');

  const submit = () => {
    const value = text.trim();
    if (!value || disabled) return;
    onSend(value);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      // --chatbot-clearance: room the staff layout keeps for the assistant's floating button (bottom right).
      className="flex items-end gap-2 border-t bg-background p-3 pr-[calc(0.75rem+var(--chatbot-clearance,0rem))]"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Mensagem
      </label>
      <textarea
        id={id}
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Escreva uma mensagem…"
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) onTyping?.();
        }}
        onKeyDown={onKeyDown}
        disabled={disabled}
        className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button type="submit" size="icon" disabled={disabled || !text.trim()} aria-label="Enviar">
        <SendHorizontalIcon aria-hidden="true" />
      </Button>
    </form>
  );
}
