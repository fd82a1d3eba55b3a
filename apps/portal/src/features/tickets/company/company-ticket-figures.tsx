import { PERMISSIONS, hasPermission, useSession } from '@farol/data';
import { useCompany } from '@farol/data/companies';
import { formatRelativeTime } from '@farol/ui';
import { Link } from 'react-router-dom';
import { CompanyFigure, CompanyFigurePlaceholder, FIGURE_LINK_CLASS } from '../../../lib/company-figure';
import type { CompanyTabProps } from '../../../lib/module-registry';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** "há 3 d" with "18/11/2026, 14:03" below, or "Nenhum" when nobody wrote on its chamados yet. */
function lastContact(iso: string | null, now = Date.now()): { value: string; detail: string } {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return { value: 'Nenhum', detail: 'Sem mensagens nos chamados' };
  const text = formatRelativeTime(time, Math.max(now, time));
  return { value: text === 'agora' ? text : `há ${text}`, detail: dateTime.format(time) };
}

// The chamados list's URL parameters (features/tickets/shared/use-ticket-list-params), written out here so
// this small chunk does not pull the list's code in.
const listOf = (companyId: number, filter: 'open' | 'overdue') =>
  `/support?company=${companyId}&${filter}=true`;

/**
 * The chamados' figures on a company's Visão geral: open, overdue and the last contact (the last message or
 * change on any of its chamados). They come with the company itself (GET /api/companies/:id, already in the
 * cache: no request of their own); the links to the filtered list show to those who may open it.
 */
export function CompanyTicketFigures({ companyId }: CompanyTabProps) {
  const company = useCompany(companyId);
  const { user } = useSession();
  if (!company.data) {
    return (
      <>
        <CompanyFigurePlaceholder />
        <CompanyFigurePlaceholder />
        <CompanyFigurePlaceholder />
      </>
    );
  }
  const { open_tickets: open, overdue_tickets: overdue, last_contact_at: lastAt } = company.data;
  const canOpenList = hasPermission(user, PERMISSIONS.TICKETS_VIEW);
  const contact = lastContact(lastAt);
  return (
    <>
      <CompanyFigure
        label="Chamados abertos"
        value={open.toLocaleString('pt-BR')}
        detail={
          canOpenList ? (
            <Link to={listOf(companyId, 'open')} className={FIGURE_LINK_CLASS}>
              Ver chamados abertos
            </Link>
          ) : open === 0 ? (
            'Nenhum em aberto'
          ) : (
            'Em aberto'
          )
        }
      />
      <CompanyFigure
        label="Atrasados"
        value={overdue.toLocaleString('pt-BR')}
        tone={overdue > 0 ? 'alert' : undefined}
        detail={
          overdue === 0 ? (
            'Nenhum fora do prazo'
          ) : canOpenList ? (
            <Link to={listOf(companyId, 'overdue')} className={FIGURE_LINK_CLASS}>
              Ver atrasados
            </Link>
          ) : (
            'Passaram do prazo'
          )
        }
      />
      <CompanyFigure label="Último contato" value={contact.value} detail={contact.detail} />
    </>
  );
}
