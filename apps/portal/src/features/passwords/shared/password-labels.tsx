import { PERMISSIONS, hasPermission, useSession } from '@farol/data';
import {
  PASSWORD_FIELD_LABELS,
  PASSWORD_KIND_LABELS,
  ROTATION_STATE_LABELS,
  VAULT_ACCESS_LABELS,
  type PasswordSecretField,
  type RotationState,
  type VaultAccessLevel,
} from '@farol/data/passwords';
import { Badge } from '@farol/ui';

export const passwordPath = (id: number) => `/passwords/${id}`;

export { PASSWORD_KIND_LABELS };

/** A secret field's label: the fixed ones by name, a custom one by its label. */
export const fieldLabel = (field: string, custom: readonly { key: string; label: string }[] = []) =>
  field.startsWith('custom:')
    ? (custom.find((entry) => `custom:${entry.key}` === field)?.label ?? field)
    : (PASSWORD_FIELD_LABELS[field as PasswordSecretField] ?? field);

export function AccessBadge({ level, breakGlass }: { level: VaultAccessLevel | null; breakGlass?: boolean }) {
  if (breakGlass) return <Badge variant="outline">Fora dos acessos (quebra-vidro)</Badge>;
  if (!level) return null;
  return (
    <Badge variant={level === 'usar' || level === 'metadados' ? 'outline' : 'secondary'}>
      {VAULT_ACCESS_LABELS[level]}
    </Badge>
  );
}

export function RotationBadge({ state }: { state: RotationState | null }) {
  if (!state) return null;
  return (
    <Badge variant={state === 'vencida' ? 'destructive' : state === 'a_vencer' ? 'outline' : 'secondary'}>
      {ROTATION_STATE_LABELS[state]}
    </Badge>
  );
}

/** passwords.manage: new items and folders. */
export function useCanManagePasswords(): boolean {
  const { user } = useSession();
  return hasPermission(user, PERMISSIONS.PASSWORDS_MANAGE);
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR');
