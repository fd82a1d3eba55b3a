/** 'N não lida' for exactly one, 'N não lidas' otherwise (pt-BR plural, 0 included). */
export function unreadLabel(count: number): string {
  return `${count} ${count === 1 ? 'não lida' : 'não lidas'}`;
}
