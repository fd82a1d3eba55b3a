/** Largest count a badge shows in full; above it the badge reads '99+' (spec §2, §9). */
export const BADGE_MAX = 99;

/**
 * The text of a count badge: '' for nothing to show (0, negative, not a number), the number up to 99, else '99+'.
 */
export function formatBadgeCount(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  const whole = Math.floor(count);
  if (whole <= 0) return '';
  return whole > BADGE_MAX ? `${BADGE_MAX}+` : String(whole);
}
