import { isAdmin, isClient, type SessionUser } from '@farol/data';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administrador',
  gestor: 'Gestor',
  tecnico: 'Técnico',
  técnico: 'Técnico',
};

/** The role as people read it under their name. */
export function roleLabel(user: Pick<SessionUser, 'role'>): string {
  if (isAdmin(user)) return ROLE_LABELS.admin!;
  if (isClient(user)) return 'Cliente';
  const role = user.role.trim();
  return ROLE_LABELS[role.toLowerCase()] ?? (role ? role.charAt(0).toUpperCase() + role.slice(1) : 'Equipe');
}

/** The first name for greetings: the first name, else the first word of the name. */
export function firstNameOf(user: Pick<SessionUser, 'firstName' | 'name'>): string {
  return user.firstName.trim() || user.name.trim().split(/\s+/)[0] || '';
}
