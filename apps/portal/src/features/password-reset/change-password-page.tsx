import { homePath, markMustChangePassword, useSession } from '@farol/data';
import { useChangeOwnPassword } from '@farol/data/accounts';
import { Button, Field, FieldError, FieldLabel, Input } from '@farol/ui';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../lib/form-errors';
import { checkNewPassword, NewPasswordFields } from '../../lib/password-fields';
import { PublicCard } from '../../lib/public-card';

/**
 * /trocar-senha: "Trocar senha" — someone who signed in with a temporary password chooses their own before
 * anything else (the route guard sends them here); other sessions end.
 */
export function ChangePasswordPage() {
  const { user, status, logout } = useSession();
  const navigate = useNavigate();
  const change = useChangeOwnPassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{
    current_password?: string;
    password?: string;
    confirm?: string;
    other?: string;
  }>({});

  if (status !== 'authenticated' || !user) {
    return (
      <PublicCard title="Trocar senha">
        <p className="text-center text-sm">
          Entre primeiro para trocar a sua senha.{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Ir para o login
          </Link>
        </p>
      </PublicCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: typeof errors = checkNewPassword(password, confirm);
    if (!current) local.current_password = 'Informe a senha atual';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    change.mutate(
      { current_password: current, password },
      {
        onSuccess: () => {
          markMustChangePassword(false);
          void navigate(homePath(user), { replace: true });
        },
        onError: (error) => {
          const { fields, other } = serverFieldErrors(error, ['current_password', 'password'] as const);
          const known = fields.current_password || fields.password;
          setErrors({
            ...fields,
            ...(known
              ? {}
              : { other: other[0] ?? failureMessage(error, 'Não foi possível trocar a senha.') }),
          });
        },
      },
    );
  };

  return (
    <PublicCard
      title="Trocar senha"
      intro="Você entrou com uma senha temporária. Crie a sua própria senha para continuar."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Trocar senha">
        <Field required invalid={Boolean(errors.current_password)}>
          <FieldLabel>Senha temporária</FieldLabel>
          <Input
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <FieldError>{errors.current_password}</FieldError>
        </Field>
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          userInputs={[user.email, user.name]}
          error={errors.password}
          confirmError={errors.confirm}
        />
        {errors.other ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.other}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={change.isPending}>
          {change.isPending ? 'Salvando…' : 'Salvar e continuar'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => void logout()}>
          Sair
        </Button>
      </form>
    </PublicCard>
  );
}
