const dateFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const parse = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** '21/11/2026' ('' for a missing or unreadable date). */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '';
}

/** '21/11/2026, 14:03' ('' for a missing or unreadable date). */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : '';
}

/** "1 empresa", "1.234 empresas". */
export const companyCountLabel = (total: number) =>
  `${total.toLocaleString('pt-BR')} ${total === 1 ? 'empresa' : 'empresas'}`;

/** Where a company's page (and one of its tabs) lives. */
export const companyPath = (companyId: number, tab?: string) =>
  tab ? `/companies/${companyId}?tab=${encodeURIComponent(tab)}` : `/companies/${companyId}`;

/** A route's company id: a positive integer, else null (the page then answers "not found"). */
export function parseCompanyId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A site as a link people can follow ('acme.com.br' → 'https://acme.com.br') and as they read it. */
export function websiteLink(website: string): { href: string; label: string } {
  const href = /^[a-z][a-z\d+.-]*:\/\//i.test(website) ? website : `https://${website}`;
  const label = website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  return { href, label };
}
