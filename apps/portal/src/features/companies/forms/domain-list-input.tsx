import { Input } from '@farol/ui';
import { XIcon } from 'lucide-react';
import { useState, type Ref } from 'react';

export interface DomainListInputProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** Words typed in the box, split on commas, semicolons and spaces ('@acme.com.br' → 'acme.com.br'). */
export const splitDomains = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);

/**
 * Several e-mail domains as chips: typed in the box and added with Enter, a comma or on leaving it; each chip
 * has its own remove button. Inside a Field the box takes the field's label, hint and error.
 */
export function DomainListInput({ value, onChange, onBlur, ref, disabled = false }: DomainListInputProps) {
  const [draft, setDraft] = useState('');
  const commit = () => {
    const added = splitDomains(draft).filter((domain) => !value.includes(domain));
    if (added.length > 0) onChange([...value, ...added]);
    setDraft('');
  };
  return (
    <div className="flex flex-col gap-2">
      <Input
        ref={ref}
        value={draft}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        placeholder="acme.com.br"
        onChange={(event) => {
          const text = event.target.value;
          // A comma (typed or pasted) ends a domain.
          if (/[,;]/.test(text)) {
            const added = splitDomains(text).filter((domain) => !value.includes(domain));
            if (added.length > 0) onChange([...value, ...added]);
            setDraft('');
          } else setDraft(text);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && draft.trim()) {
            event.preventDefault();
            commit();
          } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
      />
      {value.length > 0 ? (
        <ul aria-label="Domínios adicionados" className="flex flex-wrap gap-1.5">
          {value.map((domain) => (
            <li
              key={domain}
              className="inline-flex items-center gap-1 rounded-md border bg-secondary py-0.5 pr-0.5 pl-2 text-xs text-secondary-foreground"
            >
              {domain}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remover ${domain}`}
                onClick={() => onChange(value.filter((item) => item !== domain))}
                className="inline-flex size-6 items-center justify-center rounded-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <XIcon aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
