/** 'Bom dia' from 5 h, 'Boa tarde' from 12 h, 'Boa noite' from 18 h (and before 5 h). */
export function greetingFor(date: Date = new Date()): string {
  const hour = date.getHours();
  if (hour >= 5 && hour < 12) return 'Bom dia';
  if (hour >= 12 && hour < 18) return 'Boa tarde';
  return 'Boa noite';
}
