import { isApiError } from '@farol/data';
import {
  TWO_FACTOR_REQUIREMENT_LABELS,
  TWO_FACTOR_REQUIREMENTS,
  useSaveSecuritySettings,
  useSecuritySettings,
  type SecuritySettingsAnswer,
  type TwoFactorRequirement,
} from '@farol/data/security';
import { Button, Checkbox, Field, FieldLabel, RadioGroup, RadioGroupItem, toast } from '@farol/ui';
import { useId, useState, type FormEvent } from 'react';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { WidgetCard, WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { formatDateTime } from '../shared/format';

function SettingsForm({ initial }: { initial: SecuritySettingsAnswer }) {
  const id = useId();
  const save = useSaveSecuritySettings();
  const [requirement, setRequirement] = useState<TwoFactorRequirement>(initial.require_two_factor);
  const [roles, setRoles] = useState<string[]>(initial.roles);
  const [error, setError] = useState<string | null>(null);

  const toggle = (role: string, checked: boolean) =>
    setRoles((current) =>
      checked ? [...new Set([...current, role])] : current.filter((item) => item !== role),
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (requirement === 'roles' && roles.length === 0) {
      setError('Escolha ao menos uma função');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({
        require_two_factor: requirement,
        roles: requirement === 'roles' ? roles : [],
      });
      toast.success('Exigência de verificação em duas etapas salva.');
    } catch (failure) {
      setError(
        serverFieldErrors(failure, ['roles']).fields.roles ??
          failureMessage(failure, 'Não foi possível salvar.'),
      );
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 p-4"
      aria-label="Exigência de verificação em duas etapas"
    >
      <Field>
        <FieldLabel>Quem precisa usar a verificação em duas etapas</FieldLabel>
        <RadioGroup
          value={requirement}
          onValueChange={(value) => setRequirement(value as TwoFactorRequirement)}
        >
          {/* Each radio named by its own label (a Field would name the group's id, not the item's). */}
          {TWO_FACTOR_REQUIREMENTS.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <RadioGroupItem id={`${id}-${option}`} value={option} />
              <label htmlFor={`${id}-${option}`} className="text-sm font-medium">
                {TWO_FACTOR_REQUIREMENT_LABELS[option]}
              </label>
            </div>
          ))}
        </RadioGroup>
      </Field>
      {requirement === 'roles' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Funções</legend>
          {initial.known_roles.map((role) => (
            <Field key={role} orientation="horizontal">
              <Checkbox
                checked={roles.includes(role)}
                onCheckedChange={(checked) => toggle(role, checked === true)}
              />
              <FieldLabel className="capitalize">{role}</FieldLabel>
            </Field>
          ))}
        </fieldset>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Quem precisar e ainda não tiver ativado é levado a ativar logo depois de entrar.
        {initial.updated_at ? ` Última alteração em ${formatDateTime(initial.updated_at)}.` : ''}
      </p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvando…' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}

/** /user-management/security: who must use two-factor sign-in (everyone, chosen roles, or nobody); admins. */
export function SecuritySettingsPage() {
  const settings = useSecuritySettings();
  let body;
  if (settings.isPending) body = <WidgetLoading label="Carregando…" />;
  else if (settings.isError) {
    body =
      isApiError(settings.error) && settings.error.status === 403 ? (
        <p role="alert" className="p-4 text-sm">
          Só administradores definem quem precisa usar a verificação em duas etapas.
        </p>
      ) : (
        <WidgetError
          message="Não foi possível carregar a configuração."
          onRetry={() => void settings.refetch()}
        />
      );
  } else body = <SettingsForm key={settings.data.updated_at ?? 'new'} initial={settings.data} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Segurança de acesso</h1>
      <WidgetCard title="Verificação em duas etapas">{body}</WidgetCard>
    </div>
  );
}
