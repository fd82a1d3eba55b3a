import { useSession } from '@farol/data';
import { useTicketOptions } from '@farol/data/tickets';
import { Spinner } from '@farol/ui';
import { Suspense } from 'react';
import { ticketPageSections, useModules } from '../../../lib/module-registry';
import { TicketComposer } from './ticket-composer';
import { TicketControls } from './ticket-controls';
import { TicketDetailsList } from './ticket-details-list';
import { TicketHeader } from './ticket-header';
import { TicketHistory } from './ticket-history';
import { TicketBackLink } from './ticket-page-states';
import { TicketThread } from './ticket-thread';
import { useRoutedTicket } from './use-routed-ticket';

const BACK = { backTo: '/support', backLabel: 'Voltar para Suporte' };

/** /support/ticket/:id — the thread with the reply and internal-note composer; controls, details and history aside. */
export function StaffTicketPage() {
  const { detail, fallback } = useRoutedTicket(BACK);
  const options = useTicketOptions();
  const { user } = useSession();
  const sections = ticketPageSections(user, useModules());
  if (!detail) return fallback;

  const branchName = options.data?.companies
    .find((company) => company.id === detail.company_id)
    ?.branches.find((branch) => branch.id === detail.branch_id)?.name;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <TicketBackLink to={BACK.backTo} label={BACK.backLabel} />
      <TicketHeader ticket={detail} area="staff" branchName={branchName} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <TicketThread ticket={detail} />
          <TicketComposer ticketId={detail.id} area="staff" />
        </div>
        <aside aria-label="Atendimento do chamado" className="flex min-w-0 flex-col gap-4">
          <TicketControls ticket={detail} />
          <TicketDetailsList ticket={detail} area="staff" branchName={branchName} />
          {/* Other modules' sections (the tasks of this chamado), each loaded with its own code. */}
          {sections.map(({ id, component: Section }) => (
            <Suspense key={id} fallback={<Spinner label="Carregando…" />}>
              <Section ticket={detail} />
            </Suspense>
          ))}
          <TicketHistory entries={detail.history} />
        </aside>
      </div>
    </div>
  );
}
