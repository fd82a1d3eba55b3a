import { isApiError } from '@farol/data';
import {
  VAULT_ACCESS_DESCRIPTIONS,
  VAULT_ACCESS_LABELS,
  VAULT_ACCESS_LEVELS,
  useGrantees,
  useGrants,
  useSetGrants,
  type GrantTarget,
  type VaultAccessLevel,
  type VaultGrant,
} from '@farol/data/passwords';
import {
  Badge,
  Button,
  Combobox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  FieldLabel,
  IconButton,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Spinner,
  toast,
  type ComboboxOption,
} from '@farol/ui';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';

/** A grant's subject as one string: `user:<id>` or `role:<key>`. */
const keyOf = (grant: Pick<VaultGrant, 'subject'>) =>
  grant.subject.kind === 'user' ? `user:${grant.subject.id}` : `role:${grant.subject.role}`;

const subjectLabel = (grant: VaultGrant) => (grant.subject.kind === 'role' ? 'Função' : 'Pessoa');

/**
 * "Acessos" of a folder or an item (those who manage it): who reaches it and how — ver metadados, usar, ver,
 * editar, gerenciar — for people or roles; an item shows the grants it inherits from its folder. Saving
 * replaces the list (audited on the server).
 */
export function AccessDialog({
  open,
  onOpenChange,
  target,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: GrantTarget;
  /** The folder's or item's name, in the title. */
  name: string;
}) {
  const grants = useGrants(target, { enabled: open });
  const save = useSetGrants(target);
  const [search, setSearch] = useState('');
  const grantees = useGrantees(search, { enabled: open });
  const [draft, setDraft] = useState<VaultGrant[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [level, setLevel] = useState<VaultAccessLevel>('ver');
  const [failure, setFailure] = useState<string | null>(null);
  const isFolder = 'folderId' in target;

  // The list as loaded (fresh: not a cached copy being fetched again) becomes the draft once; the person's
  // edits stay until they save or close.
  useEffect(() => {
    if (grants.data && !grants.isFetching && draft === null) setDraft(grants.data.grants);
  }, [grants.data, grants.isFetching, draft]);

  const close = (next: boolean) => {
    if (!next) {
      setDraft(null);
      setPicked(null);
      setFailure(null);
      setSearch('');
    }
    onOpenChange(next);
  };

  const taken = useMemo(() => new Set((draft ?? []).map(keyOf)), [draft]);
  const options: ComboboxOption[] = useMemo(
    () => [
      ...(grantees.data?.roles ?? []).map((role) => ({
        value: `role:${role.key}`,
        label: `Função: ${role.name}`,
        description: 'Todas as pessoas com esta função',
        disabled: taken.has(`role:${role.key}`),
      })),
      ...(grantees.data?.people ?? []).map((person) => ({
        value: `user:${person.id}`,
        label: person.name,
        description: person.role,
        disabled: taken.has(`user:${person.id}`),
      })),
    ],
    [grantees.data, taken],
  );

  const add = () => {
    if (!picked || !draft) return;
    const [kind, id] = picked.split(':') as ['user' | 'role', string];
    const grant: VaultGrant =
      kind === 'user'
        ? {
            subject: {
              kind: 'user',
              id: Number(id),
              name: grantees.data?.people.find((person) => person.id === Number(id))?.name ?? '',
            },
            level,
          }
        : {
            subject: {
              kind: 'role',
              role: id,
              name: grantees.data?.roles.find((role) => role.key === id)?.name ?? id,
            },
            level,
          };
    setDraft([...draft, grant]);
    setPicked(null);
  };

  const submit = () => {
    if (!draft) return;
    setFailure(null);
    save.mutate(
      {
        grants: draft.map((grant) => ({
          subject:
            grant.subject.kind === 'user'
              ? { kind: 'user', id: grant.subject.id }
              : { kind: 'role', role: grant.subject.role },
          level: grant.level,
        })),
      },
      {
        onSuccess: () => {
          toast.success(`Acessos de "${name}" salvos.`);
          close(false);
        },
        onError: (error) => {
          const found = serverFieldErrors(error, [] as const);
          setFailure(found.other[0] ?? failureMessage(error, 'Não foi possível salvar os acessos.'));
        },
      },
    );
  };

  const forbidden = isApiError(grants.error) && grants.error.status === 403;
  const inherited = grants.data?.inherited ?? null;
  const roleName = ({ subject }: VaultGrant) =>
    subject.kind === 'role'
      ? (grantees.data?.roles.find((role) => role.key === subject.role)?.name ?? subject.name)
      : subject.name;

  let body;
  if (forbidden) {
    body = (
      <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm">
        Só quem gerencia {isFolder ? 'esta pasta' : 'este item'} vê e muda os acessos.
      </p>
    );
  } else if (grants.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>{failureMessage(grants.error, 'Não foi possível carregar os acessos.')}</p>
        <Button size="sm" variant="secondary" onClick={() => void grants.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else if (!draft) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Carregando os acessos…
      </p>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <section aria-labelledby="access-own" className="flex flex-col gap-2">
          <h3 id="access-own" className="text-sm font-medium">
            {isFolder ? 'Acessos da pasta' : 'Acessos do item'}
          </h3>
          {draft.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {isFolder
                ? 'Sem acessos próprios: cada pessoa da equipe chega aos itens pelo que as permissões de Senhas dela permitem.'
                : inherited && inherited.grants.length > 0
                  ? 'Sem acessos próprios: valem os da pasta, abaixo.'
                  : 'Sem acessos próprios: cada pessoa da equipe chega ao item pelo que as permissões de Senhas dela permitem.'}
            </p>
          ) : (
            <ul aria-label="Acessos" className="flex flex-col divide-y rounded-md border">
              {draft.map((grant, index) => {
                const label = roleName(grant);
                return (
                  <li key={keyOf(grant)} className="flex flex-wrap items-center gap-2 p-2">
                    <div className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium break-words">{label}</span>
                      <span className="text-xs text-muted-foreground">{subjectLabel(grant)}</span>
                    </div>
                    <Select
                      value={grant.level}
                      onValueChange={(value) =>
                        setDraft(
                          draft.map((entry, at) =>
                            at === index ? { ...entry, level: value as VaultAccessLevel } : entry,
                          ),
                        )
                      }
                    >
                      <SelectTrigger aria-label={`Nível de ${label}`} className="w-40">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {VAULT_ACCESS_LEVELS.map((entry) => (
                          <SelectItem key={entry} value={entry}>
                            {VAULT_ACCESS_LABELS[entry]}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <IconButton
                      size="sm"
                      label={`Remover ${label}`}
                      onClick={() => setDraft(draft.filter((_, at) => at !== index))}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </IconButton>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <Field>
            <FieldLabel>Pessoa ou função</FieldLabel>
            <Combobox
              options={options}
              loading={grantees.isPending}
              placeholder="Buscar pessoa ou função"
              emptyText="Ninguém encontrado"
              value={picked}
              onValueChange={setPicked}
              onSearchChange={setSearch}
            />
          </Field>
          <Field>
            <FieldLabel>Nível</FieldLabel>
            <Select value={level} onValueChange={(value) => setLevel(value as VaultAccessLevel)}>
              <SelectTrigger aria-label="Nível do novo acesso">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {VAULT_ACCESS_LEVELS.map((entry) => (
                  <SelectItem key={entry} value={entry}>
                    {VAULT_ACCESS_LABELS[entry]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Button type="button" variant="secondary" onClick={add} disabled={!picked}>
            <PlusIcon aria-hidden="true" />
            Adicionar
          </Button>
        </div>
        <p className="-mt-2 text-xs text-muted-foreground">{VAULT_ACCESS_DESCRIPTIONS[level]}</p>
        {inherited ? (
          <section aria-labelledby="access-inherited" className="flex flex-col gap-2">
            <h3 id="access-inherited" className="text-sm font-medium">
              Herdados da pasta {inherited.folder.name}
            </h3>
            {inherited.grants.length === 0 ? (
              <p className="text-sm text-muted-foreground">A pasta não tem acessos próprios.</p>
            ) : (
              <ul aria-label="Acessos herdados da pasta" className="flex flex-col divide-y rounded-md border">
                {inherited.grants.map((grant) => (
                  <li key={keyOf(grant)} className="flex flex-wrap items-center justify-between gap-2 p-2">
                    <span className="flex min-w-0 flex-col">
                      <span className="break-words">{roleName(grant)}</span>
                      <span className="text-xs text-muted-foreground">{subjectLabel(grant)}</span>
                    </span>
                    <Badge variant="outline">{VAULT_ACCESS_LABELS[grant.level]}</Badge>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-xs text-muted-foreground">
              Valem também para este item; mude-os nos acessos da pasta. Quem aparece nas duas listas fica com
              o nível maior.
            </p>
          </section>
        ) : null}
        <p className="text-xs text-muted-foreground">
          As permissões de Senhas de cada pessoa continuam sendo o teto: um acesso &quot;gerenciar&quot; dado
          a quem só pode ver o cofre vale como &quot;usar&quot;.
        </p>
        {failure ? (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Acessos de {name}</DialogTitle>
          <DialogDescription>
            {isFolder
              ? 'Quem chega a esta pasta e a todos os itens dela, inclusive os criados depois. Com acessos, só quem está na lista chega.'
              : 'Quem chega a este item. Com acessos, só quem está na lista (ou nos da pasta) chega.'}
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancelar
          </Button>
          {draft && !forbidden ? (
            <Button type="button" onClick={submit} disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {save.isPending ? 'Salvando…' : 'Salvar acessos'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
