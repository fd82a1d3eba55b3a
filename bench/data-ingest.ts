// Budget (issue 2): 10,000 live notifications ingested into a capped list in ≤ 50 ms in total.
// Run: npx tsx bench/data-ingest.ts   (exit code 1 when over budget)
import { QueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_CACHE_CAP } from '../packages/data/src/contract/notification';
import { flushNotificationIngest, ingestNotification } from '../packages/data/src/notifications/ingest';
import { notificationsQueryOptions } from '../packages/data/src/notifications/get-notifications';
import { notificationKeys } from '../packages/data/src/notifications/keys';

const COUNT = 10_000;
const BUDGET_MS = 50;
const RUNS = 5;

const payloads = Array.from({ length: COUNT }, (_, index) => ({
  __kind: 'notification',
  notification: {
    id: 1_000 + index,
    type: index % 3 === 0 ? 'ticket' : 'message',
    title: index % 2 === 0 ? 'Chamado atualizado' : null,
    message: `Chamado #${index} recebeu uma resposta`,
    link: `/tickets/${index}`,
    created_at: new Date(Date.UTC(2026, 10, 21, 10, 0, index % 60)).toISOString(),
    read_at: index % 4 === 0 ? '2026-11-21T10:30:00.000Z' : null,
    severity: 'info',
  },
}));

const seed = Array.from({ length: 25 }, (_, id) => ({ id, message: `Antiga ${id}`, type: 'system' }));
// The list enters the cache the way the app fetches it, with the app's query options.
const fakeApi = { get: async <T>() => seed as T };

async function seededClient(): Promise<QueryClient> {
  const client = new QueryClient();
  await client.fetchQuery(notificationsQueryOptions(fakeApi));
  client.setQueryData(notificationKeys.unreadCount(), 25);
  return client;
}

async function run(): Promise<{ ms: number; cpuMs: number; length: number; unread: number }> {
  const client = await seededClient();
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  for (const payload of payloads) ingestNotification(client, payload);
  // What the end of the task would do: the timer stops once the cache holds the result.
  flushNotificationIngest(client);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const length = client.getQueryData<unknown[]>(notificationKeys.list(25))?.length ?? 0;
  const unread = client.getQueryData<number>(notificationKeys.unreadCount()) ?? 0;
  client.clear();
  return { ms, cpuMs, length, unread };
}

const results = [];
for (let index = 0; index < RUNS; index += 1) results.push(await run());
const medianOf = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const first = results[0]!;
const median = { ms: medianOf(results.map((r) => r.ms)), cpuMs: medianOf(results.map((r) => r.cpuMs)) };
const round = (value: number) => Number(value.toFixed(2));
console.log(
  JSON.stringify({
    bench: 'data-ingest',
    notifications: COUNT,
    cap: NOTIFICATIONS_CACHE_CAP,
    firstRun: { wallMs: round(first.ms), cpuMs: round(first.cpuMs) },
    median: { wallMs: round(median.ms), cpuMs: round(median.cpuMs) },
    budgetMs: BUDGET_MS,
    finalLength: first.length,
    finalUnread: first.unread,
  }),
);
if (first.length !== NOTIFICATIONS_CACHE_CAP || first.unread !== 25 + (COUNT * 3) / 4) process.exitCode = 1;
// Gated on the cold first run's CPU time: that is what a burst right after page load costs. Wall time is
// printed too, but on a shared 2-core machine it mostly measures the neighbours.
if (first.cpuMs > BUDGET_MS) process.exitCode = 1;
