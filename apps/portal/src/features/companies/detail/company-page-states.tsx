import { isApiError } from '@farol/data';
import { Button, EmptyState, Spinner } from '@farol/ui';
import { Building2Icon, LockIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router-dom';

const BACK_CLASS =
  'inline-flex items-center rounded-md text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

function BackToList() {
  return (
    <Link to="/companies" className={BACK_CLASS}>
      Voltar para Empresas
    </Link>
  );
}

export function CompanyNotFound() {
  return (
    <EmptyState
      role="alert"
      border="dashed"
      className="mx-auto max-w-md"
      icon={<Building2Icon />}
      title="Empresa não encontrada"
      description="Ela pode ter sido excluída ou o endereço está incorreto."
      action={<BackToList />}
    />
  );
}

export interface CompanyQueryStateProps {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** What the company page shows instead of the company: loading, not found, no access, or a failure to retry. */
export function CompanyQueryState({ isPending, error, onRetry }: CompanyQueryStateProps) {
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Carregando empresa…" showLabel />
      </div>
    );
  }
  const status = isApiError(error) ? error.status : null;
  if (status === 404) return <CompanyNotFound />;
  if (status === 403) {
    return (
      <EmptyState
        role="alert"
        border="dashed"
        className="mx-auto max-w-md"
        icon={<LockIcon />}
        title="Você não tem acesso a esta empresa"
        description="Se precisar dela, peça acesso a um administrador."
        action={<BackToList />}
      />
    );
  }
  return (
    <EmptyState
      role="alert"
      border="dashed"
      className="mx-auto max-w-md"
      icon={<TriangleAlertIcon />}
      title="Não foi possível carregar a empresa"
      description="Tente novamente em instantes."
      action={
        <>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Tentar novamente
          </Button>
          <BackToList />
        </>
      }
    />
  );
}
