import { useClientPasswords, usePortalVaultRequests } from '@farol/data/passwords';
import { Button } from '@farol/ui';
import { Link } from 'react-router-dom';
import { WidgetCard } from '../../../lib/widget-card';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The portal home's "Senhas": how many credentials the team shared with the company and how many requests
 * wait for an answer, with the way to /portal/passwords. Nothing to show, no card.
 */
export function ClientPasswordsWidget() {
  const items = useClientPasswords();
  const requests = usePortalVaultRequests();
  const shared = items.data?.items.length ?? 0;
  const waiting = requests.data?.items.length ?? 0;
  if (shared === 0 && waiting === 0) return null;
  return (
    <WidgetCard
      title="Senhas"
      action={
        <Button asChild size="sm" variant="secondary">
          <Link to="/portal/passwords">Abrir senhas</Link>
        </Button>
      }
    >
      <ul className="flex flex-col gap-1 text-sm">
        {waiting > 0 ? (
          <li className="font-medium">
            {plural(waiting, 'pedido da equipe aguarda', 'pedidos da equipe aguardam')} a sua resposta
          </li>
        ) : null}
        {shared > 0 ? (
          <li>
            {plural(shared, 'credencial compartilhada', 'credenciais compartilhadas')} com a sua empresa
          </li>
        ) : null}
      </ul>
    </WidgetCard>
  );
}
