import { homePath, useSession } from '@farol/data';
import { buttonVariants } from '@farol/ui';
import { ShieldAlertIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';

/** /403: what happened and two ways out. */
export function ForbiddenPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const home = user ? homePath(user) : '/login';
  return (
    <main id="conteudo" className="flex min-h-svh items-center justify-center px-4">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <ShieldAlertIcon aria-hidden="true" className="size-12 text-warning" />
        <h1 className="text-2xl font-semibold">Acesso negado</h1>
        <p className="text-muted-foreground">
          Você não tem permissão para abrir esta página. Se precisar dela, peça acesso a um administrador.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => navigate(-1)}
          >
            Voltar
          </button>
          <Link to={home} className={buttonVariants()}>
            Ir para o início
          </Link>
        </div>
      </div>
    </main>
  );
}
