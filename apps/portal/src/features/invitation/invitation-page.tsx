import { isApiError } from '@farol/data';
import { useAcceptInvitation, useInvitation } from '@farol/data/accounts';
import { Button, Spinner } from '@farol/ui';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../lib/form-errors';
import { checkNewPassword, NewPasswordFields } from '../../lib/password-fields';
import { PublicCard } from '../../lib/public-card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /convite/:token: the invited person chooses their password (the link works once, for 72 h). */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; other?: string }>({});

  if (invitation.isPending) {
    return (
      <PublicCard title="Convite">
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Carregando convite…
        </p>
      </PublicCard>
    );
  }
  if (invitation.isError) {
    const gone = isApiError(invitation.error) && invitation.error.status === 410;
    return (
      <PublicCard title={gone ? 'Convite expirado' : 'Convite indisponível'}>
        <p role="alert" className="text-center text-sm">
          {gone
            ? 'Este convite expirou ou já foi usado. Peça um novo convite a quem o enviou.'
            : failureMessage(invitation.error, 'Não foi possível abrir este convite. Tente novamente.')}
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className={linkClass}>
            Ir para o login
          </Link>
        </p>
      </PublicCard>
    );
  }
  if (accept.isSuccess) {
    return (
      <PublicCard title="Senha criada">
        <p role="status" className="text-center text-sm">
          Pronto, {invitation.data.name}! Sua senha foi criada. Entre com o e-mail {invitation.data.email}.
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Link to="/login" className={`${linkClass} text-center`}>
            Entrar como equipe
          </Link>
          <Link to="/portal/login" className={`${linkClass} text-center`}>
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
    accept.mutate(password, {
      onError: (error) => {
        const { fields, other } = serverFieldErrors(error, ['password'] as const);
        setErrors({
          ...fields,
          ...(fields.password
            ? {}
            : { other: other[0] ?? failureMessage(error, 'Não foi possível criar a senha.') }),
        });
      },
    });
  };

  return (
    <PublicCard
      title={`Bem-vindo(a), ${invitation.data.name}`}
      intro={`Crie a senha da conta ${invitation.data.email} no Farol.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Criar senha">
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          userInputs={[invitation.data.email, invitation.data.name]}
          error={errors.password}
          confirmError={errors.confirm}
        />
        {errors.other ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.other}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={accept.isPending}>
          {accept.isPending ? 'Criando…' : 'Criar senha'}
        </Button>
      </form>
    </PublicCard>
  );
}
