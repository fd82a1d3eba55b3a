export interface CompanyRow {
  id: number;
  name: string;
  cnpj: string;
  city: string;
  openTickets: number;
}

const CITIES = ['São Paulo/SP', 'Rio de Janeiro/RJ', 'Belo Horizonte/MG', 'Curitiba/PR', 'Porto Alegre/RS'];
const NAMES = [
  'Acme Indústria',
  'Globex Comércio',
  'Initech Serviços',
  'Umbrella Farmacêutica',
  'Stark Engenharia',
];

/** `count` companies with stable, varied data (no randomness: stories must be repeatable). */
export function companyRows(count: number): CompanyRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `${NAMES[i % NAMES.length]} ${i < NAMES.length ? 'Ltda' : `Filial ${i + 1}`}`,
    cnpj: `${String(10 + i).padStart(2, '0')}.${String(100 + i * 7).slice(-3)}.${String(200 + i * 3).slice(-3)}/0001-${String(i % 97).padStart(2, '0')}`,
    city: CITIES[(i * 3) % CITIES.length]!,
    openTickets: (i * 7) % 11,
  }));
}
