import { useSearchParams } from 'react-router-dom';

/**
 * The vault pages' filters kept in the URL: `update` sets or clears keys (null or '' clears) and goes back to
 * the first page unless `pagina` is among them; `clear` drops every filter but the `keep` keys (a page's own
 * ?tab=). The history entry is replaced, not pushed.
 */
export function useUrlFilters() {
  const [search, setSearch] = useSearchParams();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setSearch(next, { replace: true });
  };
  const clear = (keep: readonly string[] = []) => {
    const next = new URLSearchParams();
    for (const key of keep) {
      const value = search.get(key);
      if (value !== null) next.set(key, value);
    }
    setSearch(next, { replace: true });
  };
  return { search, update, clear };
}
