// SLA in business hours (issue 17): what the contract's clock functions cost, so the statistics can decide
// between computing SLA states on read and keeping them. No budget of its own yet; prints figures and the load.
// Run: npx tsx bench/sla-clock.ts
import { loadavg } from 'node:os';
import {
  addBusinessTime,
  businessTimeBetween,
  COMMERCIAL_CALENDAR,
  DEFAULT_SLA_PLAN,
  ticketSla,
  type BusinessCalendar,
} from '../packages/data/src/contract/business-hours';
import { TICKET_PRIORITIES } from '../packages/data/src/contract/ticket-constants';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()}`);

const calendar: BusinessCalendar = {
  ...COMMERCIAL_CALENDAR,
  uf: 'SP',
  week: [
    [],
    ...Array.from({ length: 5 }, () => [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ]),
    [],
  ],
};
const HOUR = 3_600_000;
const start = Date.UTC(2025, 0, 1, 11);
let sink = 0;

/** Per-call p50 and p99 (µs) over `runs` batches of `batch` calls. */
function measure(label: string, fn: (index: number) => number, batch = 200, runs = 200) {
  for (let index = 0; index < 2_000; index += 1) sink += fn(index);
  const perCall: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const t0 = performance.now();
    for (let index = 0; index < batch; index += 1) sink += fn(run * batch + index);
    perCall.push(((performance.now() - t0) * 1000) / batch);
  }
  perCall.sort((a, b) => a - b);
  const at = (q: number) => perCall[Math.min(perCall.length - 1, Math.floor(q * perCall.length))]!.toFixed(2);
  console.log(`${label.padEnd(58)} p50 ${at(0.5).padStart(7)} µs   p99 ${at(0.99).padStart(7)} µs`);
}

measure('addBusinessTime, 72 h target on 08–12/13–18 SP', (i) =>
  addBusinessTime(start + i * 7 * HOUR, 72 * 60, calendar).getTime(),
);
measure('businessTimeBetween, 30 days', (i) =>
  businessTimeBetween(start + i * 7 * HOUR, start + i * 7 * HOUR + 30 * 24 * HOUR, calendar),
);
measure('ticketSla: two clocks, one pause', (i) => {
  const created = start + i * 7 * HOUR;
  return ticketSla(
    {
      created_at: created,
      priority: TICKET_PRIORITIES[i % 4]!,
      first_response_at: created + HOUR,
      resolved_at: i % 3 === 0 ? created + 50 * HOUR : null,
      pauses: [{ from: created + 2 * HOUR, to: created + 26 * HOUR }],
    },
    DEFAULT_SLA_PLAN,
    calendar,
    created + 5 * 24 * HOUR,
  ).resolution.elapsed_minutes;
});

const COUNT = 100_000;
const t0 = performance.now();
for (let index = 0; index < COUNT; index += 1) {
  const created = start + index * 0.37 * HOUR;
  sink += ticketSla(
    {
      created_at: created,
      priority: TICKET_PRIORITIES[index % 4]!,
      first_response_at: created + HOUR,
      resolved_at: index % 3 === 0 ? created + 50 * HOUR : null,
      pauses: [],
    },
    DEFAULT_SLA_PLAN,
    calendar,
    created + 5 * 24 * HOUR,
  ).first_response.elapsed_minutes;
}
console.log(
  `ticketSla of ${COUNT.toLocaleString('en')} chamados over a year: ${(performance.now() - t0).toFixed(0)} ms`,
);
console.log(`load average at end: ${load()}${sink === 0 ? ' ' : ''}`);
