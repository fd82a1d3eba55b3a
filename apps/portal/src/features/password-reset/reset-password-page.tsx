import { isApiError } from '@farol/data';
import { useConfirmPasswordReset, usePasswordReset } from '@farol/data/accounts';
import { Button, Spinner } from '@farol/ui';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../lib/form-errors';
import { checkNewPassword, NewPasswordFields } from '../../lib/password-fields';
import { PublicCard } from '../../lib/public-card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /redefinir-senha/:token: a new password from the e-mailed link (once, for 1 h); every session ends. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = usePasswordReset(token);
  const confirmReset = useConfirmPasswordReset(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; other?: string }>({});

  if (link.isPending) {
    return (
      <PublicCard title="Nova senha">
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Carregando…
        </p>
      </PublicCard>
    );
  }
  if (link.isError) {
    const gone = isApiError(link.error) && link.error.status === 410;
    return (
      <PublicCard title={gone ? 'Link expirado' : 'Link indisponível'}>
        <p role="alert" className="text-center text-sm">
          {gone
            ? 'Este link expirou ou já foi usado. Peça outro em "Esqueci minha senha".'
            : failureMessage(link.error, 'Não foi possível abrir este link. Tente novamente.')}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/esqueci-senha" className={linkClass}>
            Pedir outro link
          </Link>
        </p>
      </PublicCard>
    );
  }
  if (confirmReset.isSuccess) {
    return (
      <PublicCard title="Senha alterada">
        <p role="status" className="text-center text-sm">
          Sua nova senha foi salva e todas as sessões abertas foram encerradas. Entre novamente.
        </p>
        <div className="mt-6 flex flex-col gap-2 text-center">
          <Link to="/login" className={linkClass}>
            Entrar como equipe
          </Link>
          <Link to="/portal/login" className={linkClass}>
            Entrar no portal do cliente
          </Link>
        </div>
      </PublicCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = checkNewPassword(password, confirm);
    setErrors(local);
    if (local.password || local.confirm) return;
    confirmReset.mutate(password, {
      onError: (error) => {
        const { fields, other } = serverFieldErrors(error, ['password'] as const);
        setErrors({
          ...fields,
          ...(fields.password
            ? {}
            : { other: other[0] ?? failureMessage(error, 'Não foi possível salvar a senha.') }),
        });
      },
    });
  };

  return (
    <PublicCard title="Nova senha" intro={`Crie uma nova senha para ${link.data.email}.`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Criar nova senha">
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          userInputs={[link.data.email, link.data.name]}
          error={errors.password}
          confirmError={errors.confirm}
        />
        {errors.other ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.other}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={confirmReset.isPending}>
          {confirmReset.isPending ? 'Salvando…' : 'Salvar nova senha'}
        </Button>
      </form>
    </PublicCard>
  );
}
