import type { AuditEvent, CompanyDetail } from '@farol/data';
import { useCompanyActivity, useCompanyOptions } from '@farol/data/companies';
import { EmptyState, Pagination, Skeleton, cn, formatRelativeTime } from '@farol/ui';
import { HistoryIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../shared/company-format';
import {
  activityChangedFields,
  activityChanges,
  activitySentence,
  type ActivityNames,
} from './activity-text';
import { TabError, TabSection } from './tab-section';

/** The server's page of the audit trail (GET …/activity answers 25 a page). */
export const ACTIVITY_PAGE_SIZE = 25;

function ActivityItem({ event, names, now }: { event: AuditEvent; names: ActivityNames; now: number }) {
  const changes = activityChanges(event, names);
  const fields = changes.length === 0 ? activityChangedFields(event) : [];
  const at = Date.parse(event.at);
  const ago = formatRelativeTime(at, Math.max(now, at));
  const who = event.actor?.name ?? (event.actor_kind === 'system' ? 'O sistema' : 'Alguém');
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span>
          <span className="font-medium">{who}</span> {activitySentence(event)}
        </span>
        <time dateTime={event.at} className="text-xs text-muted-foreground">
          {formatDateTime(event.at)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {ago === 'agora' ? ago : `há ${ago}`}
        </time>
      </p>
      {changes.length > 0 ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-x-4">
          {changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="text-muted-foreground">{change.label}</dt>
              <dd className="break-words">
                <span className="text-muted-foreground line-through decoration-muted-foreground/60">
                  {change.from}
                </span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> passou a </span>
                <span>{change.to}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : fields.length > 0 ? (
        <p className="text-sm text-muted-foreground">Campos: {fields.join(', ')}</p>
      ) : null}
    </li>
  );
}

/** Atividade: who changed what and when (the audit trail of the company, its branches and contacts), paged. */
export function CompanyActivityTab({ company }: { company: CompanyDetail }) {
  const [page, setPage] = useState(1);
  const activity = useCompanyActivity(company.id, page);
  const options = useCompanyOptions();
  const [now] = useState(() => Date.now());
  const names = useMemo<ActivityNames>(
    () => ({
      people: new Map((options.data?.managers ?? []).map((person) => [person.id, person.name])),
      companies: new Map((options.data?.companies ?? []).map((item) => [item.id, item.name])),
    }),
    [options.data],
  );
  const data = activity.data;

  let body;
  if (activity.isError && !data) {
    body = <TabError what="a atividade" onRetry={() => void activity.refetch()} />;
  } else if (!data) {
    body = (
      <div className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          Carregando atividade…
        </p>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-14 rounded-lg" />
        ))}
      </div>
    );
  } else if (data.items.length === 0) {
    body = (
      <EmptyState
        border="dashed"
        size="compact"
        titleAs="h3"
        icon={<HistoryIcon />}
        title="Nenhuma atividade registrada"
        description="Cada alteração da empresa, das filiais e dos contatos fica registrada aqui."
      />
    );
  } else {
    body = (
      <>
        <ol
          aria-label="Atividade da empresa"
          aria-busy={activity.isPlaceholderData}
          className={cn(
            'divide-y rounded-xl border bg-card',
            activity.isPlaceholderData && 'opacity-70 transition-opacity',
          )}
        >
          {data.items.map((event) => (
            <ActivityItem key={event.id} event={event} names={names} now={now} />
          ))}
        </ol>
        {data.total > ACTIVITY_PAGE_SIZE ? (
          <Pagination page={page} total={data.total} pageSize={ACTIVITY_PAGE_SIZE} onPageChange={setPage} />
        ) : null}
      </>
    );
  }

  return <TabSection title="Atividade">{body}</TabSection>;
}
