import { PERMISSION_KEYS, hasPermission, isAdmin, isApiError, useSession } from '@farol/data';
import type { Role } from '@farol/data/contract';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from '@farol/data/roles';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  toast,
} from '@farol/ui';
import { LockIcon, PlusIcon, ShieldAlertIcon, ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { PermissionChecklist } from '../shared/permission-checklist';

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key) => b.includes(key));

function NewRoleDialog({
  roles,
  open,
  onOpenChange,
  onCreated,
}: {
  roles: Role[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (role: Role) => void;
}) {
  const create = useCreateRole();
  const [name, setName] = useState('');
  const [copyFrom, setCopyFrom] = useState('none');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) {
      setError('Nome deve ter ao menos 2 caracteres');
      return;
    }
    create.mutate(
      { name: name.trim(), ...(copyFrom === 'none' ? {} : { copy_from: copyFrom }) },
      {
        onSuccess: (role) => {
          toast.success(`Função ${role.name} criada.`, { id: 'role-created' });
          setName('');
          setCopyFrom('none');
          setError(null);
          onCreated(role);
        },
        onError: (failure) =>
          setError(
            serverFieldErrors(failure, ['name'] as const).fields.name ??
              failureMessage(failure, 'Não foi possível criar a função.'),
          ),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Nova função</DialogTitle>
            <DialogDescription>
              Dê um nome e, se quiser, comece com as permissões de outra função.
            </DialogDescription>
          </DialogHeader>
          <Field required invalid={error !== null}>
            <FieldLabel>Nome</FieldLabel>
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Ex.: Suporte N1"
              autoFocus
            />
            <FieldError>{error}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Copiar permissões de</FieldLabel>
            <Select value={copyFrom} onValueChange={setCopyFrom}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="none">Nenhuma (começar vazia)</SelectItem>
                {roles
                  .filter((role) => role.key !== 'cliente')
                  .map((role) => (
                    <SelectItem key={role.key} value={role.key}>
                      {role.name}
                    </SelectItem>
                  ))}
              </SelectContent>
            </Select>
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Criando…' : 'Criar função'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RoleEditor({ role, onDeleted }: { role: Role; onDeleted: () => void }) {
  const { user } = useSession();
  const update = useUpdateRole(role.key);
  const remove = useDeleteRole();
  const [name, setName] = useState(role.name);
  const [keys, setKeys] = useState<string[]>(role.permissions);
  const [errors, setErrors] = useState<{ name?: string; permissions?: string; other?: string }>({});
  useEffect(() => {
    setName(role.name);
    setKeys(role.permissions);
    setErrors({});
  }, [role]);
  const admin = isAdmin(user);
  const ungrantable = admin ? [] : keysNotHeld(user);
  const dirty = name.trim() !== role.name || !sameKeys(keys, role.permissions);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      {
        ...(name.trim() !== role.name ? { name: name.trim() } : {}),
        ...(!sameKeys(keys, role.permissions) ? { permissions: keys as never } : {}),
      },
      {
        onSuccess: (saved) => toast.success(`Função ${saved.name} salva.`, { id: `role-${role.key}-saved` }),
        onError: (failure) => {
          const { fields, other } = serverFieldErrors(failure, ['name', 'permissions'] as const);
          setErrors({
            ...fields,
            other:
              other[0] ??
              (fields.name || fields.permissions
                ? undefined
                : failureMessage(failure, 'Não foi possível salvar a função.')),
          });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="flex flex-wrap items-center gap-2">
          <h2>
            {role.name}
            {role.built_in ? (
              <Badge variant="secondary">Padrão</Badge>
            ) : (
              <Badge variant="outline">Personalizada</Badge>
            )}
            <span className="text-sm font-normal text-muted-foreground">
              {role.user_count === 1 ? '1 pessoa' : `${role.user_count} pessoas`}
            </span>
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={save}
          className="flex flex-col gap-4"
          noValidate
          aria-label={`Editar função ${role.name}`}
        >
          {role.built_in ? null : (
            <Field required invalid={Boolean(errors.name)}>
              <FieldLabel>Nome da função</FieldLabel>
              <Input value={name} onChange={(event) => setName(event.target.value)} />
              <FieldError>{errors.name}</FieldError>
            </Field>
          )}
          {role.editable ? null : (
            <p className="flex items-center gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
              <LockIcon aria-hidden="true" className="size-4 shrink-0" />
              {role.key === 'admin'
                ? 'Administradores têm todas as permissões e alcançam todas as empresas: elas não mudam.'
                : 'Clientes não recebem permissões da equipe: veem só o portal e a própria empresa.'}
            </p>
          )}
          <PermissionChecklist
            idPrefix={`role-${role.key}`}
            value={keys}
            onChange={setKeys}
            disabled={!role.editable}
            ungrantable={ungrantable}
          />
          {errors.permissions || errors.other ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.permissions ?? errors.other}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            {role.built_in ? null : (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" disabled={role.user_count > 0}>
                    <Trash2Icon aria-hidden="true" />
                    Excluir função
                  </Button>
                }
                variant="destructive"
                title={`Excluir a função ${role.name}?`}
                description="Só uma função que ninguém usa pode ser excluída."
                confirmLabel="Excluir função"
                onConfirm={async () => {
                  await remove.mutateAsync(role.key);
                  toast.success(`Função ${role.name} excluída.`, { id: `role-${role.key}-deleted` });
                  onDeleted();
                }}
              />
            )}
            {role.editable || !role.built_in ? (
              <Button type="submit" disabled={!dirty || update.isPending}>
                {update.isPending ? 'Salvando…' : 'Salvar função'}
              </Button>
            ) : null}
          </div>
          {!role.built_in && role.user_count > 0 ? (
            <FieldHint>Troque a função das pessoas que a usam para poder excluí-la.</FieldHint>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

/** The keys the signed-in person does not hold (they cannot grant them; admins hold every key). */
const keysNotHeld = (user: Parameters<typeof hasPermission>[0]): string[] =>
  PERMISSION_KEYS.filter((key) => !hasPermission(user, key));

/**
 * /user-management/roles: the roles (built-in admin, gestor, técnico, cliente and the custom ones) and, beside
 * the list, the chosen role's keys by category — sensitive keys flagged — with rename, copy and delete.
 */
export function RolesPage() {
  const roles = useRoles();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const items = roles.data?.items ?? [];
  const current = items.find((role) => role.key === selected) ?? items[0] ?? null;
  const forbidden = isApiError(roles.error) && roles.error.status === 403;

  let body;
  if (forbidden) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldAlertIcon />}
        title="Você não tem permissão para gerenciar funções"
        description="Peça a um administrador a permissão Gerenciar usuários."
      />
    );
  } else if (roles.isError && !roles.data) {
    body = (
      <EmptyState
        role="alert"
        border="dashed"
        icon={<ShieldCheckIcon />}
        title="Não foi possível carregar as funções."
        description={failureMessage(roles.error, 'Tente novamente em instantes.')}
        action={
          <Button size="sm" variant="secondary" onClick={() => void roles.refetch()}>
            Tentar novamente
          </Button>
        }
      />
    );
  } else if (!roles.data) {
    body = (
      <div
        className="grid gap-4 md:grid-cols-[16rem_1fr]"
        role="status"
        aria-busy="true"
        aria-label="Carregando funções"
      >
        <Skeleton className="h-64" />
        <Skeleton className="h-96" />
      </div>
    );
  } else {
    body = (
      <div className="grid items-start gap-4 md:grid-cols-[16rem_1fr]">
        <nav aria-label="Funções" className="flex flex-col gap-1">
          {items.map((role) => (
            <button
              key={role.key}
              type="button"
              aria-current={current?.key === role.key ? 'true' : undefined}
              onClick={() => setSelected(role.key)}
              className="flex items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=true]:bg-muted aria-[current=true]:font-semibold"
            >
              <span className="min-w-0 break-words">{role.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {role.key === 'admin'
                  ? 'todas'
                  : `${role.permissions.length} permiss${role.permissions.length === 1 ? 'ão' : 'ões'}`}
              </span>
            </button>
          ))}
          {items.every((role) => role.built_in) ? (
            <p className="px-3 py-2 text-xs text-muted-foreground">
              Nenhuma função personalizada ainda. Crie uma para dar a um grupo só as permissões de que ele
              precisa.
            </p>
          ) : null}
        </nav>
        {current ? <RoleEditor role={current} onDeleted={() => setSelected(null)} /> : null}
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <PageHeader
        title="Funções e permissões"
        description="O que cada função pode fazer. Permissões marcadas como sensíveis dão acesso a segredos, contas ou sistemas."
        actions={
          forbidden || !roles.data ? null : (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon aria-hidden="true" />
              Nova função
            </Button>
          )
        }
      />
      {body}
      <NewRoleDialog
        roles={items}
        open={creating}
        onOpenChange={setCreating}
        onCreated={(role) => {
          setCreating(false);
          setSelected(role.key);
        }}
      />
    </div>
  );
}
