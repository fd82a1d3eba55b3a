import { isApiError } from '@farol/data';
import { useMyCompany } from '@farol/data/companies';
import { Avatar } from '@farol/ui';
import { MapPinIcon } from 'lucide-react';
import { WidgetCard, WidgetEmpty, WidgetError, WidgetLoading } from '../../../lib/widget-card';

/**
 * The client's own company on the portal home: its public card (name, logo, their branch — the one of the
 * contact they sign in as, else the matriz), all a client may read of the companies module
 * (GET /api/companies/mine).
 */
export function MyCompanyWidget() {
  const card = useMyCompany();
  let body;
  if (card.data) {
    const { name, logo_url: logo, branch } = card.data;
    const place = branch ? [branch.city, branch.uf].filter(Boolean).join('/') : '';
    body = (
      <div className="flex min-w-0 items-center gap-4 px-4 py-4">
        <Avatar src={logo} name={name} size="lg" decorative />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-lg font-semibold break-words">{name}</p>
          {branch ? (
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 break-words">
                <span className="sr-only">Sua unidade: </span>
                {branch.name}
                {place ? ` · ${place}` : ''}
              </span>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">Nenhuma unidade cadastrada.</p>
          )}
        </div>
      </div>
    );
  } else if (isApiError(card.error) && card.error.status === 404) {
    body = <WidgetEmpty>Sua conta ainda não está ligada a uma empresa.</WidgetEmpty>;
  } else if (card.isError) {
    body = (
      <WidgetError
        message="Não foi possível carregar os dados da sua empresa."
        onRetry={() => void card.refetch()}
      />
    );
  } else {
    body = <WidgetLoading label="Carregando sua empresa…" />;
  }
  return <WidgetCard title="Sua empresa">{body}</WidgetCard>;
}
