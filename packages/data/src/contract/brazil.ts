/**
 * Brazilian registration, address and phone rules (design.md §3, research §8), written once for the server,
 * the forms and the mocks. Plain TypeScript without zod, so a page can format a CNPJ without the schemas.
 */

/** The 27 federative units, in alphabetical order of their codes. */
export const UFS = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AM', 'Amazonas'],
  ['AP', 'Amapá'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MG', 'Minas Gerais'],
  ['MS', 'Mato Grosso do Sul'],
  ['MT', 'Mato Grosso'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['PR', 'Paraná'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['RS', 'Rio Grande do Sul'],
  ['SC', 'Santa Catarina'],
  ['SE', 'Sergipe'],
  ['SP', 'São Paulo'],
  ['TO', 'Tocantins'],
] as const;
export type Uf = (typeof UFS)[number][0];
export const UF_CODES: readonly Uf[] = UFS.map(([code]) => code);
export const isUf = (value: string): value is Uf => (UF_CODES as readonly string[]).includes(value);

/** Masks, spaces and separators a person may type around a registration number. */
const SEPARATORS = /[\s./\-_]/g;

// ---------------------------------------------------------------- CNPJ (alphanumeric-ready)

/** A CNPJ as stored: the 14 characters without the mask, upper case ('12ABC34501DE35'). */
export const normalizeCnpj = (value: string): string => value.replace(SEPARATORS, '').toUpperCase();

/** A character's value in the check-digit sum: its ASCII code − 48 ('0'–'9' → 0–9, 'A' → 17 … 'Z' → 42). */
const cnpjValue = (char: string) => char.charCodeAt(0) - 48;

/** The check digit over `base` (12 or 13 characters), mod 11 with weights 2…9 from the right. */
function cnpjCheckDigit(base: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = base.length - 1; index >= 0; index -= 1) {
    sum += cnpjValue(base[index]!) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of the 12 first characters. */
export const cnpjCheckDigits = (first12: string): string => {
  const first = cnpjCheckDigit(first12);
  return `${first}${cnpjCheckDigit(`${first12}${first}`)}`;
};

/**
 * Spec'd by the Receita Federal (IN RFB 2.229/2024): 12 characters [0-9A-Z] — the 8 of the root (raiz) and
 * the 4 of the establishment (ordem) — and 2 numeric check digits. Numeric CNPJs keep their old digits.
 * All-equal numbers ('00000000000000') are refused.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return false;
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** `12.ABC.345/01DE-35`; anything that is not 14 characters is returned as typed. */
export function formatCnpj(value: string): string {
  const cnpj = normalizeCnpj(value);
  if (cnpj.length !== 14) return value;
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** The 8-character root every establishment of a company shares. */
export const cnpjRoot = (value: string): string => normalizeCnpj(value).slice(0, 8);

/** The 4-character establishment number ('0001' is usually the head office). */
export const cnpjOrder = (value: string): string => normalizeCnpj(value).slice(8, 12);

/**
 * The CNPJ of the next establishment of `root`: the highest numeric order in use plus one (0001 when none),
 * with its check digits.
 */
export function nextBranchCnpj(root: string, cnpjsInUse: readonly string[]): string {
  const orders = cnpjsInUse
    .filter((cnpj) => cnpjRoot(cnpj) === root)
    .map((cnpj) => Number.parseInt(cnpjOrder(cnpj), 10))
    .filter((order) => Number.isFinite(order));
  const next = String(Math.max(0, ...orders) + 1).padStart(4, '0');
  const first12 = `${root}${next}`;
  return `${first12}${cnpjCheckDigits(first12)}`;
}

// ---------------------------------------------------------------- CPF

export const normalizeCpf = (value: string): string => value.replace(SEPARATORS, '');

export function isValidCpf(value: string): boolean {
  const cpf = normalizeCpf(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digit = (length: number) => {
    let sum = 0;
    for (let index = 0; index < length; index += 1) sum += Number(cpf[index]) * (length + 1 - index);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(cpf[9]) && digit(10) === Number(cpf[10]);
}

/** `123.456.789-09`. */
export function formatCpf(value: string): string {
  const cpf = normalizeCpf(value);
  if (cpf.length !== 11) return value;
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

/** A CPF for lists and exports (LGPD): `***.456.789-**`. */
export function maskCpf(value: string): string {
  const cpf = normalizeCpf(value);
  if (cpf.length !== 11) return '***';
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

// ---------------------------------------------------------------- CEP

export const normalizeCep = (value: string): string => value.replace(SEPARATORS, '');
export const isValidCep = (value: string): boolean => /^\d{8}$/.test(normalizeCep(value));

/** `01310-100`. */
export function formatCep(value: string): string {
  const cep = normalizeCep(value);
  return /^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : value;
}

// ---------------------------------------------------------------- phones

/** The area codes (DDD) in use in Brazil. */
export const DDDS: ReadonlySet<string> = new Set(
  [
    '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55',
    '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99',
  ]
    .join(' ')
    .split(' '),
);

/**
 * A Brazilian phone in E.164 (`+5511912345678`), from what a person types (`(11) 91234-5678`,
 * `11 3456 7890`, `+55 11 …`); null when it is not a mobile (9 digits starting with 9) or landline
 * (8 digits starting with 2–5) number with a valid DDD.
 */
export function normalizePhone(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  const ddd = digits.slice(0, 2);
  const number = digits.slice(2);
  if (!DDDS.has(ddd)) return null;
  const mobile = number.length === 9 && number.startsWith('9');
  const landline = number.length === 8 && /^[2-5]/.test(number);
  return mobile || landline ? `+55${ddd}${number}` : null;
}

export const isValidPhone = (value: string): boolean => normalizePhone(value) !== null;

/** `(11) 91234-5678` or `(11) 3456-7890` from E.164 (or anything normalizePhone reads); as typed otherwise. */
export function formatPhone(value: string): string {
  const e164 = normalizePhone(value);
  if (!e164) return value;
  const ddd = e164.slice(3, 5);
  const number = e164.slice(5);
  const split = number.length - 4;
  return `(${ddd}) ${number.slice(0, split)}-${number.slice(split)}`;
}

/** A WhatsApp link for a phone (`https://wa.me/5511912345678`), or null. */
export function whatsappHref(value: string): string | null {
  const e164 = normalizePhone(value);
  return e164 ? `https://wa.me/${e164.slice(1)}` : null;
}

// ---------------------------------------------------------------- Inscrição Estadual

/** The word that takes the place of an Inscrição Estadual for exempt companies. */
export const IE_EXEMPT = 'ISENTO';

/**
 * An Inscrição Estadual as stored: 'ISENTO', or its digits (2 to 14). Each state has its own check rule; the
 * number is kept as given, not verified (decision recorded in docs/decisions.md).
 */
export function normalizeIe(value: string): string | null {
  const trimmed = value.trim().toUpperCase();
  if (trimmed === IE_EXEMPT) return IE_EXEMPT;
  const digits = trimmed.replace(SEPARATORS, '');
  return /^\d{2,14}$/.test(digits) ? digits : null;
}

// ---------------------------------------------------------------- e-mail domains

/** A company's e-mail domain as stored: lower case, without '@' or a scheme ('acme.com.br'). */
export function normalizeEmailDomain(value: string): string | null {
  const domain = value
    .trim()
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/^https?:\/\//, '');
  return /^(?=.{3,253}$)([a-z0-9](-?[a-z0-9])*\.)+[a-z]{2,}$/.test(domain) ? domain : null;
}

/** The domain of an e-mail address ('ana@acme.com.br' → 'acme.com.br'), or null. */
export const emailDomainOf = (email: string): string | null => {
  const at = email.lastIndexOf('@');
  return at > 0 ? normalizeEmailDomain(email.slice(at + 1)) : null;
};
