/** /portal/tickets: the client's chamados (their company's, scoped by the server). */
export function ClientTicketsPage() {
  return <h2 className="text-xl font-semibold">Meus chamados</h2>;
}
