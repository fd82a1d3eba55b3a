import { USER_ROLE_LABELS } from '@farol/data/users';
import { roleLabel } from '../../../lib/user-display';

export const userPath = (id: number) => `/users/${id}`;

/** A role as people read it: the built-in ones by name, a custom one as written. */
export const roleName = (role: string) => USER_ROLE_LABELS[role.trim().toLowerCase()] ?? roleLabel({ role });

export const peopleCountLabel = (total: number) =>
  total === 0 ? 'Nenhuma pessoa' : total === 1 ? '1 pessoa' : `${total.toLocaleString('pt-BR')} pessoas`;

/** A phone as a tel: link target (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(
    new Date(iso),
  );

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));
