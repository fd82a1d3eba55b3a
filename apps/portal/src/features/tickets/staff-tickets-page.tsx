/** /support and /support/:status: the staff list of chamados. */
export function StaffTicketsPage() {
  return <h2 className="text-xl font-semibold">Chamados</h2>;
}
