/**
 * The fixed-date state holidays of the 27 federative units, next to the national ones (brazil-holidays.ts) and
 * like them free of zod and of time zones. The SLA clocks of a company close on its UF's state holidays.
 *
 * Only holidays with a fixed day of the year are here; municipal holidays (a city's anniversary, its patron
 * saint) belong to a branch's own calendar, not to this table. A state holiday that falls on a national one
 * (MG's and DF's 21 de abril) is listed all the same: the day is closed either way. Consciência Negra was a
 * state holiday in several UFs before it became national in 2024 (Lei 14.759/2023); those entries end in
 * 2023. `law` names the act commonly cited for the holiday; null where this table does not name one (the
 * date is the well-known one, the act was not checked here). See docs/decisions.md "Estatísticas e SLA".
 */
import type { Uf } from './brazil';
import { dateParts, makeDate, type Holiday } from './brazil-holidays';

export interface StateHolidayRule {
  uf: Uf;
  month: number;
  day: number;
  name: string;
  /** The act that makes the day a holiday, as commonly cited; null when not named here. */
  law: string | null;
  /** First and last years the holiday applies (inclusive); absent means always. */
  since?: number;
  until?: number;
}

export interface StateHoliday extends Holiday {
  uf: Uf;
  law: string | null;
}

export const STATE_HOLIDAY_RULES: readonly StateHolidayRule[] = [
  { uf: 'AC', month: 1, day: 23, name: 'Dia do Evangélico', law: null },
  { uf: 'AC', month: 3, day: 8, name: 'Dia Internacional da Mulher', law: null },
  { uf: 'AC', month: 6, day: 15, name: 'Aniversário do Acre', law: null },
  { uf: 'AC', month: 8, day: 6, name: 'Início da Revolução Acreana', law: null },
  { uf: 'AC', month: 9, day: 5, name: 'Dia da Amazônia', law: null },
  { uf: 'AC', month: 11, day: 17, name: 'Assinatura do Tratado de Petrópolis', law: null },
  { uf: 'AL', month: 6, day: 24, name: 'São João', law: null },
  { uf: 'AL', month: 6, day: 29, name: 'São Pedro', law: null },
  { uf: 'AL', month: 9, day: 16, name: 'Emancipação Política de Alagoas', law: null },
  { uf: 'AL', month: 11, day: 20, name: 'Dia da Consciência Negra', law: null, until: 2023 },
  { uf: 'AM', month: 9, day: 5, name: 'Elevação do Amazonas à categoria de Província', law: null },
  { uf: 'AM', month: 11, day: 20, name: 'Dia da Consciência Negra', law: null, until: 2023 },
  { uf: 'AP', month: 3, day: 19, name: 'Dia de São José', law: null },
  { uf: 'AP', month: 9, day: 13, name: 'Criação do Território Federal do Amapá', law: null },
  { uf: 'BA', month: 7, day: 2, name: 'Independência da Bahia', law: 'Constituição do Estado da Bahia' },
  { uf: 'CE', month: 3, day: 19, name: 'Dia de São José', law: null },
  { uf: 'CE', month: 3, day: 25, name: 'Data Magna do Ceará (Abolição da escravatura)', law: null },
  { uf: 'DF', month: 4, day: 21, name: 'Fundação de Brasília', law: null },
  { uf: 'DF', month: 11, day: 30, name: 'Dia do Evangélico', law: 'Lei Distrital 963/1995' },
  { uf: 'MA', month: 7, day: 28, name: 'Adesão do Maranhão à Independência do Brasil', law: null },
  {
    uf: 'MG',
    month: 4,
    day: 21,
    name: 'Data Magna de Minas Gerais',
    law: 'Constituição do Estado de Minas Gerais',
  },
  { uf: 'MS', month: 10, day: 11, name: 'Criação do Estado de Mato Grosso do Sul', law: null },
  { uf: 'MT', month: 11, day: 20, name: 'Dia da Consciência Negra', law: null, until: 2023 },
  { uf: 'PA', month: 8, day: 15, name: 'Adesão do Grão-Pará à Independência do Brasil', law: null },
  { uf: 'PB', month: 8, day: 5, name: 'Fundação do Estado da Paraíba', law: null },
  { uf: 'PE', month: 3, day: 6, name: 'Data Magna de Pernambuco (Revolução Pernambucana)', law: null },
  { uf: 'PI', month: 10, day: 19, name: 'Dia do Piauí', law: null },
  { uf: 'PR', month: 12, day: 19, name: 'Emancipação Política do Paraná', law: null },
  { uf: 'RJ', month: 4, day: 23, name: 'Dia de São Jorge', law: 'Lei Estadual 5.198/2008' },
  {
    uf: 'RJ',
    month: 11,
    day: 20,
    name: 'Dia da Consciência Negra',
    law: 'Lei Estadual 4.007/2002',
    until: 2023,
  },
  { uf: 'RN', month: 10, day: 3, name: 'Mártires de Cunhaú e Uruaçu', law: null },
  { uf: 'RO', month: 1, day: 4, name: 'Criação do Estado de Rondônia', law: null },
  { uf: 'RO', month: 6, day: 18, name: 'Dia do Evangélico', law: null },
  { uf: 'RR', month: 10, day: 5, name: 'Criação do Estado de Roraima', law: null },
  { uf: 'RS', month: 9, day: 20, name: 'Revolução Farroupilha', law: null },
  { uf: 'SC', month: 8, day: 11, name: 'Data Magna de Santa Catarina', law: null },
  { uf: 'SE', month: 7, day: 8, name: 'Emancipação Política de Sergipe', law: null },
  {
    uf: 'SP',
    month: 7,
    day: 9,
    name: 'Revolução Constitucionalista de 1932',
    law: 'Lei Estadual 9.497/1997',
  },
  { uf: 'TO', month: 3, day: 18, name: 'Autonomia do Estado do Tocantins', law: null },
  { uf: 'TO', month: 9, day: 8, name: 'Nossa Senhora da Natividade', law: null },
  { uf: 'TO', month: 10, day: 5, name: 'Criação do Estado do Tocantins', law: null },
];
// ES and GO have no fixed-date state holiday in this table.

const stateCache = new Map<string, readonly StateHoliday[]>();

/** A UF's state holidays in a year, in date order. */
export function stateHolidays(uf: Uf, year: number): readonly StateHoliday[] {
  const key = `${uf}:${year}`;
  const cached = stateCache.get(key);
  if (cached) return cached;
  const holidays = STATE_HOLIDAY_RULES.filter(
    (rule) =>
      rule.uf === uf &&
      (rule.since === undefined || year >= rule.since) &&
      (rule.until === undefined || year <= rule.until),
  )
    .map((rule): StateHoliday => ({
      date: makeDate(year, rule.month, rule.day),
      name: rule.name,
      kind: 'feriado',
      uf,
      law: rule.law,
    }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  stateCache.set(key, holidays);
  return holidays;
}

/** The UF's state holiday on a date ('YYYY-MM-DD'), if any. */
export function stateHolidayOn(date: string, uf: Uf): StateHoliday | null {
  return stateHolidays(uf, dateParts(date).year).find((holiday) => holiday.date === date) ?? null;
}
