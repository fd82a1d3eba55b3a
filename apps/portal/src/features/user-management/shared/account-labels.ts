import type { Account, AccountStatus } from '@farol/data/contract';

export const STATUS_LABELS: Record<AccountStatus, string> = {
  ativo: 'Ativo',
  suspenso: 'Suspenso',
  desativado: 'Desativado',
};

/** The built-in roles by their pt-BR name; custom roles show as they are. */
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrador',
  gestor: 'Gestor',
  tecnico: 'Técnico',
  cliente: 'Cliente',
  client: 'Cliente',
};

export const roleLabel = (role: string) => ROLE_LABELS[role.trim().toLowerCase()] ?? role;

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** "25/11/2026, 14:03", or "Nunca". */
export const lastAccessLabel = (account: Pick<Account, 'last_access_at'>) =>
  account.last_access_at ? dateTime.format(new Date(account.last_access_at)) : 'Nunca';

/** An invitation not yet accepted: "Convite pendente" or, once past its 72 h, "Convite expirado". */
export const invitationLabel = (account: Pick<Account, 'invitation_expires_at'>, now = Date.now()) =>
  account.invitation_expires_at === null
    ? null
    : Date.parse(account.invitation_expires_at) > now
      ? 'Convite pendente'
      : 'Convite expirado';
