import { isApiError } from '@farol/data';
import { useAcceptInvitation, useInvitation } from '@farol/data/accounts';
import { Spinner } from '@farol/ui';
import { Link, useParams } from 'react-router-dom';
import { failureMessage } from '../../lib/form-errors';
import { SetPasswordForm } from '../../lib/password-fields';
import { PublicCard } from '../../lib/public-card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /convite/:token: the invited person chooses their password (the link works once, for 72 h). */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation(token);

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

  return (
    <PublicCard
      title={`Bem-vindo(a), ${invitation.data.name}`}
      intro={`Crie a senha da conta ${invitation.data.email} no Farol.`}
    >
      <SetPasswordForm
        label="Criar senha"
        submitLabel="Criar senha"
        pendingLabel="Criando…"
        failure="Não foi possível criar a senha."
        userInputs={[invitation.data.email, invitation.data.name]}
        onSubmit={({ password }) => accept.mutateAsync(password)}
      />
    </PublicCard>
  );
}
