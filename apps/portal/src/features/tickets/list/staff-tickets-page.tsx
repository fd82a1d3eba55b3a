import { TicketListView } from './ticket-list-view';

/** /support and /support/:status: every chamado staff may work, filtered by the URL. */
export function StaffTicketsPage() {
  return (
    <TicketListView
      area="staff"
      title="Chamados"
      description="Os chamados de todas as empresas clientes, atualizados em tempo real."
    />
  );
}
