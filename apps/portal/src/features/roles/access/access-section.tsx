import { PERMISSION_KEYS, hasPermission, isAdmin, isApiError, useSession } from '@farol/data';
import { COMPANY_SCOPE_LABELS, COMPANY_SCOPE_MODES, type CompanyScopeMode } from '@farol/data/contract';
import { useCompanyOptions } from '@farol/data/companies';
import { useRoles, useUpdateUserAccess, useUserAccess } from '@farol/data/roles';
import {
  Badge,
  Button,
  Checkbox,
  Field,
  FieldLabel,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  toast,
} from '@farol/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import type { UserPageSectionProps } from '../../../lib/module-registry';
import { PermissionChecklist, permissionLabel } from '../shared/permission-checklist';

const FIELDS = [
  'role',
  'extra_permissions',
  'company_scope',
  'company_scope.company_ids',
  'company_scope.excluded_company_ids',
] as const;

function CompanyPicker({
  label,
  companies,
  value,
  onChange,
}: {
  label: string;
  companies: { id: number; name: string }[];
  value: number[];
  onChange: (next: number[]) => void;
}) {
  return (
    <fieldset className="flex max-h-64 flex-col gap-2 overflow-y-auto rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      {companies.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma empresa cadastrada.</p>
      ) : null}
      {companies.map((company) => (
        <Field key={company.id} orientation="horizontal">
          <Checkbox
            checked={value.includes(company.id)}
            onCheckedChange={(checked) =>
              onChange(checked === true ? [...value, company.id] : value.filter((id) => id !== company.id))
            }
          />
          <FieldLabel>{company.name}</FieldLabel>
        </Field>
      ))}
    </fieldset>
  );
}

/**
 * "Acessos" on a person's page (users.manage): their role, the extra keys they hold beyond it, and — for staff
 * — the companies they reach (todas, somente as selecionadas, todas exceto algumas; the exclusion wins).
 */
export function AccessSection({ user: person }: UserPageSectionProps) {
  const { user: viewer } = useSession();
  const access = useUserAccess(person.id);
  const roles = useRoles();
  const companies = useCompanyOptions({ enabled: !access.data?.is_client });
  const save = useUpdateUserAccess(person.id);
  const [role, setRole] = useState('');
  const [extra, setExtra] = useState<string[]>([]);
  const [mode, setMode] = useState<CompanyScopeMode>('all');
  const [allowed, setAllowed] = useState<number[]>([]);
  const [excluded, setExcluded] = useState<number[]>([]);
  const [errors, setErrors] = useState<string[]>([]);

  useEffect(() => {
    const data = access.data;
    if (!data) return;
    setRole(data.role);
    setExtra(data.extra_permissions);
    setMode(data.company_scope.mode);
    setAllowed(data.company_scope.companies.map((company) => company.id));
    setExcluded(data.company_scope.excluded.map((company) => company.id));
  }, [access.data]);

  if (isApiError(access.error)) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {failureMessage(access.error, 'Não foi possível carregar os acessos desta pessoa.')}
      </p>
    );
  }
  if (!access.data || !roles.data) {
    return <Skeleton className="h-40" role="status" aria-label="Carregando acessos" />;
  }
  const data = access.data;
  const chosen = roles.data.items.find((item) => item.key === role);
  const roleKeys = chosen?.permissions ?? data.role_permissions;
  const staffRoles = roles.data.items.filter((item) =>
    data.is_client ? item.key === 'cliente' : item.key !== 'cliente',
  );
  const ungrantable = isAdmin(viewer) ? [] : PERMISSION_KEYS.filter((key) => !hasPermission(viewer, key));
  const companyList = companies.data?.companies ?? [];
  const admin = role === 'admin';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    save.mutate(
      {
        role,
        ...(data.is_client
          ? {}
          : { extra_permissions: extra.filter((key) => !roleKeys.includes(key)) as never }),
        ...(data.is_client || admin
          ? {}
          : {
              company_scope: {
                mode,
                company_ids: mode === 'selected' ? allowed : [],
                excluded_company_ids: mode === 'except' ? excluded : [],
              },
            }),
      },
      {
        onSuccess: () => toast.success(`Acessos de ${person.name} salvos.`, { id: `access-${person.id}` }),
        onError: (failure) => {
          const { fields, other } = serverFieldErrors(failure, FIELDS);
          const messages = [...Object.values(fields), ...other].filter(Boolean) as string[];
          setErrors(
            messages.length > 0 ? messages : [failureMessage(failure, 'Não foi possível salvar os acessos.')],
          );
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      noValidate
      aria-label={`Acessos de ${person.name}`}
    >
      <Field>
        <FieldLabel>Função</FieldLabel>
        <Select value={role} onValueChange={setRole} disabled={data.is_client}>
          <SelectTrigger className="max-w-xs">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {staffRoles.map((item) => (
              <SelectItem key={item.key} value={item.key}>
                {item.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      {data.is_client ? (
        <p className="text-sm text-muted-foreground">
          Clientes não recebem permissões da equipe: veem o portal e só a própria empresa
          {person.company_name ? ` (${person.company_name})` : ''}.
        </p>
      ) : admin ? (
        <p className="text-sm text-muted-foreground">
          Administradores têm todas as permissões e alcançam todas as empresas.
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold">Permissões extras</h3>
            <p className="text-sm text-muted-foreground">
              A função já dá:{' '}
              {roleKeys.length > 0 ? roleKeys.map(permissionLabel).join(', ') : 'nenhuma permissão'}. Marque o
              que esta pessoa precisa além disso.
            </p>
            <PermissionChecklist
              idPrefix={`access-${person.id}`}
              value={extra}
              onChange={setExtra}
              inherited={roleKeys}
              ungrantable={ungrantable}
            />
          </div>
          <fieldset className="flex flex-col gap-3">
            <legend className="text-sm font-semibold">Empresas que alcança</legend>
            <RadioGroup
              aria-label="Empresas que alcança"
              value={mode}
              onValueChange={(value) => setMode(value as CompanyScopeMode)}
            >
              {COMPANY_SCOPE_MODES.map((item) => (
                <div key={item} className="flex items-center gap-2">
                  <RadioGroupItem id={`scope-${person.id}-${item}`} value={item} />
                  <label htmlFor={`scope-${person.id}-${item}`} className="text-sm font-medium">
                    {COMPANY_SCOPE_LABELS[item]}
                  </label>
                </div>
              ))}
            </RadioGroup>
            {mode === 'selected' ? (
              <CompanyPicker
                label="Empresas permitidas"
                companies={companyList}
                value={allowed}
                onChange={setAllowed}
              />
            ) : null}
            {mode === 'except' ? (
              <CompanyPicker
                label="Empresas excluídas"
                companies={companyList}
                value={excluded}
                onChange={setExcluded}
              />
            ) : null}
          </fieldset>
        </>
      )}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">Permissões efetivas:</span>
        {data.effective_permissions.length === 0 ? <span>nenhuma</span> : null}
        {data.effective_permissions.map((key) => (
          <Badge key={key} variant="outline">
            {permissionLabel(key)}
          </Badge>
        ))}
      </div>
      {errors.length > 0 ? (
        <div role="alert">
          <ul className="list-inside list-disc text-sm text-destructive">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button asChild variant="outline">
          <Link to={`/user-management/why?user=${person.id}`}>Por que ele vê isso?</Link>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : 'Salvar acessos'}
        </Button>
      </div>
    </form>
  );
}
