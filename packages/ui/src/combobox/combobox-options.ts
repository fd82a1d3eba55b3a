export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, muted line (e.g. a CNPJ under a company name). */
  description?: string;
  disabled?: boolean;
}

/** Lower case without accents, so 'sao' finds 'São Paulo' and 'CONEXAO' finds 'Conexão'. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').trim();
}

/** The default filter: every word of the query appears in the label or the description, in any order. */
export function optionMatches(option: ComboboxOption, query: string): boolean {
  const words = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = normalizeSearchText(`${option.label} ${option.description ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

/**
 * The index `step` places away from `from` that is not disabled, wrapping around the ends; -1 when every option
 * is disabled. `from` -1 with step 1 gives the first enabled option, with step -1 the last.
 */
export function nextEnabledIndex(options: readonly ComboboxOption[], from: number, step: 1 | -1): number {
  const count = options.length;
  if (count === 0) return -1;
  let index = from;
  for (let tries = 0; tries < count; tries += 1) {
    index = index < 0 && step === -1 ? count - 1 : (index + step + count) % count;
    if (!options[index]?.disabled) return index;
  }
  return -1;
}

/** Adds the value when absent, removes it when present (a multi-select click). */
export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
