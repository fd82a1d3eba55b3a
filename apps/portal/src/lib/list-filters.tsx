import { Field, FieldLabel, Input, Select, SelectContent, SelectTrigger, SelectValue, cn } from '@farol/ui';
import { SearchIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** How long a list's search box waits after the last key before the list follows. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/** Radix Select has no empty value: a filter's "any" is this word. */
export const ANY_FILTER = 'todos';

export interface ListSearchBoxProps {
  /** The search's accessible name, e.g. "Buscar chamados". */
  label: string;
  placeholder: string;
  /** The search in effect (the URL's `q`, or a tab's state). */
  value: string;
  /** Sends the trimmed text: `replace` when it comes from typing (the debounce), not from Enter. */
  onSearch: (q: string, options?: { replace?: boolean }) => void;
  maxLength?: number;
  className?: string;
}

/**
 * A list's search box: typed text goes out 300 ms after the last key, or at once on Enter or on leaving the box,
 * and follows `value`
 * when it changes elsewhere ("Limpar filtros"). The servers ignore accents and case.
 */
export function ListSearchBox({
  label,
  placeholder,
  value,
  onSearch,
  maxLength = 100,
  className,
}: ListSearchBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  // What this box last sent: the value echoing it back must not overwrite keys typed since.
  const sent = useRef(value);
  // Lists re-render on every live update: the debounce must not restart because the callback did.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setDraft(value);
    }
  }, [value]);
  const timer = useRef<number | undefined>(undefined);
  const send = (text: string, options?: { replace?: boolean }) => {
    window.clearTimeout(timer.current);
    if (text === sent.current.trim()) return;
    sent.current = text;
    search.current(text, options);
  };
  useEffect(() => {
    if (draft.trim() === sent.current.trim()) return;
    timer.current = window.setTimeout(() => send(draft.trim(), { replace: true }), LIST_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer.current);
  }, [draft]);

  return (
    <form
      role="search"
      className={cn('relative w-full min-w-0 lg:w-80', className)}
      onSubmit={(event) => {
        event.preventDefault();
        send(draft.trim());
      }}
      // Leaving the box sends what was typed at once: a click on a result that starts a route change must be the
      // last navigation, not overtaken by this box's timer while the next page's code loads (the old page stays
      // mounted during that transition, so unmounting does not cancel the timer in time).
      onBlur={() => send(draft.trim(), { replace: true })}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={draft}
        maxLength={maxLength}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        className="pl-9"
      />
    </form>
  );
}

/** A labelled filter over a list (the kit's Select); its items are the children, "any" being `ANY_FILTER`. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Field className={className}>
      <FieldLabel className="text-xs text-muted-foreground">{label}</FieldLabel>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>{children}</SelectContent>
      </Select>
    </Field>
  );
}
