import { isApiError, useSession, useUpdateProfile, useUploadProfilePicture } from '@farol/data';
import { useChangeOwnPassword } from '@farol/data/accounts';
import { AvatarPicker, Button, Spinner, toast } from '@farol/ui';
import { useId, useState, type FormEvent } from 'react';
import { WidgetCard } from '../../lib/widget-card';
import { serverFieldErrors, type FieldErrors as FormFieldErrors } from '../../lib/form-errors';
import { SetPasswordForm } from '../../lib/password-fields';
import { roleLabel } from '../../lib/user-display';

const NAME_FIELDS = ['first_name', 'last_name'] as const;
type NameField = (typeof NAME_FIELDS)[number];
type FieldErrors = FormFieldErrors<NameField>;

const REQUIRED: Record<NameField, string> = {
  first_name: 'Informe seu nome',
  last_name: 'Informe seu sobrenome',
};

/** The server's 400 `details` about the fields this form has. */
export const fieldErrorsFrom = (error: unknown): FieldErrors => serverFieldErrors(error, NAME_FIELDS).fields;

function NamesForm() {
  const { user } = useSession();
  const id = useId();
  const update = useUpdateProfile();
  const [values, setValues] = useState({
    first_name: user?.firstName ?? '',
    last_name: user?.lastName ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {};
    for (const field of NAME_FIELDS) if (!values[field].trim()) next[field] = REQUIRED[field];
    setErrors(next);
    setStatus(null);
    if (Object.keys(next).length > 0) return;
    update.mutate(
      { first_name: values.first_name.trim(), last_name: values.last_name.trim() },
      {
        onSuccess: () => toast.success('Perfil atualizado.', { id: 'profile-saved' }),
        onError: (error) => {
          setErrors(fieldErrorsFrom(error));
          setStatus({ kind: 'error', text: isApiError(error) ? error.message : 'Não foi possível salvar.' });
        },
      },
    );
  };

  const input =
    'h-10 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-4" aria-label="Dados pessoais">
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['first_name', 'Nome', 'given-name'],
            ['last_name', 'Sobrenome', 'family-name'],
          ] as const
        ).map(([field, label, autoComplete]) => (
          <div key={field} className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              autoComplete={autoComplete}
              maxLength={80}
              value={values[field]}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              className={input}
            />
            {errors[field] ? (
              <p id={`${id}-${field}-error`} className="text-sm text-destructive">
                {errors[field]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner size="sm" label="Salvando…" className="text-current" /> : null}
          Salvar
        </Button>
        <p
          aria-live="polite"
          className={status?.kind === 'error' ? 'text-sm text-destructive' : 'text-sm text-success'}
        >
          {status?.text ?? ''}
        </p>
      </div>
    </form>
  );
}

function PictureCard() {
  const { user } = useSession();
  const upload = useUploadProfilePicture();
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  if (!user) return null;
  return (
    <WidgetCard title="Foto de perfil">
      <div className="flex flex-wrap items-center gap-4 p-4">
        <AvatarPicker
          name={user.name}
          src={user.profilePicture}
          size="xl"
          onConfirm={(file) => {
            setStatus(null);
            upload.mutate(file, {
              onSuccess: () => toast.success('Foto atualizada.', { id: 'profile-picture-saved' }),
              onError: (error) =>
                setStatus({
                  kind: 'error',
                  text: isApiError(error) ? error.message : 'Não foi possível enviar a foto.',
                }),
            });
          }}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-medium">{user.name}</p>
          <p className="text-sm text-muted-foreground">
            {roleLabel(user)}
            {user.email ? ` · ${user.email}` : ''}
          </p>
          <p
            aria-live="polite"
            className={status?.kind === 'error' ? 'text-sm text-destructive' : 'text-sm text-success'}
          >
            {upload.isPending ? 'Enviando foto…' : (status?.text ?? '')}
          </p>
        </div>
      </div>
    </WidgetCard>
  );
}

/** One's own password: the current one, then the new one under the policy; every other session ends. */
function PasswordCard() {
  const { user } = useSession();
  const change = useChangeOwnPassword();
  const [done, setDone] = useState(false);
  if (!user) return null;
  return (
    <WidgetCard title="Senha">
      <div className="flex flex-col gap-3 p-4">
        <SetPasswordForm
          label="Alterar senha"
          currentLabel="Senha atual"
          submitLabel="Alterar senha"
          pendingLabel="Alterando…"
          failure="Não foi possível alterar a senha."
          size="default"
          userInputs={[user.email, user.name]}
          onSubmit={async (values) => {
            setDone(false);
            await change.mutateAsync(values);
          }}
          onSuccess={() => {
            setDone(true);
            toast.success('Senha alterada.', { id: 'profile-password-saved' });
          }}
        />
        <p aria-live="polite" className="text-sm text-success">
          {done ? 'Senha alterada. As outras sessões abertas foram encerradas; esta continua.' : ''}
        </p>
      </div>
    </WidgetCard>
  );
}

/** /profile: names, the picture and the password. */
export function ProfilePage() {
  const { user } = useSession();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      {/* The page's own heading (the staff header reads "Dashboard" here, as the spec says). */}
      <h2 className="text-xl font-semibold">Meu perfil</h2>
      <PictureCard />
      <WidgetCard title="Dados pessoais">{user ? <NamesForm key={String(user.id)} /> : null}</WidgetCard>
      <PasswordCard />
    </div>
  );
}
