/** Up to two initials from a person's name: first and last word ('Ana Maria Souza' → 'AS'); '?' for no name. */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = [first, last].filter((w): w is string => !!w).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toLocaleUpperCase('pt-BR');
}
