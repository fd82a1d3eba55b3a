/**
 * SLA in business hours (issue 17): the wire schemas of a business-hours calendar, an SLA plan and a chamado's
 * SLA clocks. The rules themselves are in business-hours.ts (no zod); state holidays in
 * brazil-state-holidays.ts.
 */
import { z } from 'zod';
import { ufSchema } from './company';
import { parseClock, SLA_STATES, SLA_TIME_ZONE } from './business-hours';
import { TICKET_PRIORITIES, type TicketPriority } from './ticket-constants';

export * from './brazil-state-holidays';
export * from './business-hours';

/** The longest target a plan accepts: 365 days of business minutes. */
export const SLA_TARGET_MAX_MINUTES = 365 * 24 * 60;

const clockSchema = z
  .string()
  .refine((value) => !Number.isNaN(parseClock(value)), { message: 'Use o formato HH:MM (00:00 a 24:00)' });

export const businessIntervalSchema = z
  .object({ start: clockSchema, end: clockSchema })
  .refine((interval) => parseClock(interval.start) < parseClock(interval.end), {
    message: 'O fim deve ser depois do início',
    path: ['end'],
  });

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const businessCalendarSchema = z
  .object({
    week: z
      .array(z.array(businessIntervalSchema).max(6, 'No máximo 6 intervalos por dia'))
      .length(7, 'Informe os sete dias da semana (domingo primeiro)'),
    holidays: z.boolean(),
    optional_holidays: z.boolean(),
    uf: ufSchema.nullable(),
    time_zone: z.string().refine(isTimeZone, { message: 'Fuso horário desconhecido' }).default(SLA_TIME_ZONE),
  })
  .superRefine((calendar, context) => {
    calendar.week.forEach((intervals, day) => {
      const sorted = [...intervals].sort((a, b) => parseClock(a.start) - parseClock(b.start));
      for (let index = 1; index < sorted.length; index += 1) {
        if (parseClock(sorted[index]!.start) < parseClock(sorted[index - 1]!.end)) {
          context.addIssue({
            code: 'custom',
            message: 'Intervalos do dia se sobrepõem',
            path: ['week', day],
          });
          return;
        }
      }
    });
    if (calendar.week.every((intervals) => intervals.length === 0)) {
      context.addIssue({
        code: 'custom',
        message: 'Informe ao menos um horário de atendimento',
        path: ['week'],
      });
    }
  });

const targetSchema = z
  .number()
  .int('Use minutos inteiros')
  .min(1, 'O prazo deve ser de ao menos 1 minuto')
  .max(SLA_TARGET_MAX_MINUTES, 'O prazo pode ser de no máximo 365 dias');

const targetsSchema = z.object(
  Object.fromEntries(TICKET_PRIORITIES.map((priority) => [priority, targetSchema])) as Record<
    TicketPriority,
    typeof targetSchema
  >,
);

export const slaPlanSchema = z
  .object({ first_response: targetsSchema, resolution: targetsSchema })
  .superRefine((plan, context) => {
    for (const priority of TICKET_PRIORITIES) {
      if (plan.first_response[priority] > plan.resolution[priority]) {
        context.addIssue({
          code: 'custom',
          message: 'A primeira resposta não pode ter prazo maior que a resolução',
          path: ['first_response', priority],
        });
      }
    }
  });

export const slaStateSchema = z.enum(SLA_STATES);

export const slaClockSchema = z.object({
  state: slaStateSchema,
  target_minutes: z.number(),
  elapsed_minutes: z.number(),
  used: z.number(),
  due_at: z.string().nullable(),
  paused: z.boolean(),
  stopped: z.boolean(),
});

export const ticketSlaSchema = z.object({ first_response: slaClockSchema, resolution: slaClockSchema });

/**
 * GET /api/companies/:id/sla: what is stored (null = the default) and what applies — the stored calendar or
 * 24×7, its `uf` filled from the matriz when null, and the stored plan or DEFAULT_SLA_PLAN.
 */
export const companySlaSchema = z.object({
  business_hours: businessCalendarSchema.nullable(),
  sla_plan: slaPlanSchema.nullable(),
  /** The UF of the company's matriz, used when the calendar names none. */
  matriz_uf: ufSchema.nullable(),
  effective: z.object({ calendar: businessCalendarSchema, plan: slaPlanSchema }),
});
export type CompanySla = z.infer<typeof companySlaSchema>;

/** PUT /api/companies/:id/sla: both settings, null to go back to the default. New chamados follow them. */
export const updateCompanySlaSchema = z.object({
  business_hours: businessCalendarSchema.nullable(),
  sla_plan: slaPlanSchema.nullable(),
});
export type UpdateCompanySla = z.infer<typeof updateCompanySlaSchema>;
