import { TicketListView } from './ticket-list-view';

/** /portal/tickets[?status=]: the chamados of the client's company (the server scopes the list). */
export function ClientTicketsPage() {
  return (
    <TicketListView
      area="client"
      title="Meus chamados"
      description="Os chamados da sua empresa e o andamento de cada um."
    />
  );
}
