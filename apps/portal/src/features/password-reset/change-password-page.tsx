import { homePath, markMustChangePassword, useSession } from '@farol/data';
import { useChangeOwnPassword } from '@farol/data/accounts';
import { Button } from '@farol/ui';
import { Link, useNavigate } from 'react-router-dom';
import { SetPasswordForm } from '../../lib/password-fields';
import { PublicCard } from '../../lib/public-card';

/**
 * /trocar-senha: "Trocar senha" — someone who signed in with a temporary password chooses their own before
 * anything else (the route guard sends them here); other sessions end.
 */
export function ChangePasswordPage() {
  const { user, status, logout } = useSession();
  const navigate = useNavigate();
  const change = useChangeOwnPassword();

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

  return (
    <PublicCard
      title="Trocar senha"
      intro="Você entrou com uma senha temporária. Crie a sua própria senha para continuar."
    >
      <SetPasswordForm
        label="Trocar senha"
        currentLabel="Senha temporária"
        submitLabel="Salvar e continuar"
        pendingLabel="Salvando…"
        failure="Não foi possível trocar a senha."
        userInputs={[user.email, user.name]}
        onSubmit={(values) => change.mutateAsync(values)}
        onSuccess={() => {
          markMustChangePassword(false);
          void navigate(homePath(user), { replace: true });
        }}
      >
        <Button type="button" variant="ghost" onClick={() => void logout()}>
          Sair
        </Button>
      </SetPasswordForm>
    </PublicCard>
  );
}
