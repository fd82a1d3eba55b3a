import { isApiError } from '@farol/data';
import { useConfirmPasswordReset, usePasswordReset } from '@farol/data/accounts';
import { Spinner } from '@farol/ui';
import { Link, useParams } from 'react-router-dom';
import { failureMessage } from '../../lib/form-errors';
import { SetPasswordForm } from '../../lib/password-fields';
import { PublicCard } from '../../lib/public-card';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /redefinir-senha/:token: a new password from the e-mailed link (once, for 1 h); every session ends. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = usePasswordReset(token);
  const confirmReset = useConfirmPasswordReset(token);

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

  return (
    <PublicCard title="Nova senha" intro={`Crie uma nova senha para ${link.data.email}.`}>
      <SetPasswordForm
        label="Criar nova senha"
        submitLabel="Salvar nova senha"
        pendingLabel="Salvando…"
        failure="Não foi possível salvar a senha."
        userInputs={[link.data.email, link.data.name]}
        onSubmit={({ password }) => confirmReset.mutateAsync(password)}
      />
    </PublicCard>
  );
}
