import { formatPhone, isValidPhone } from '@farol/data/companies';

/**
 * A CNPJ as it is typed: letters and digits only (the alphanumeric CNPJ, from July 2026), upper case, at most
 * 14, with the mask's separators as the characters arrive: '12abc345' → '12.ABC.345'.
 */
export function maskCnpj(value: string): string {
  const chars = value
    .replace(/[^0-9a-z]/gi, '')
    .toUpperCase()
    .slice(0, 14);
  let masked = '';
  for (let index = 0; index < chars.length; index += 1) {
    if (index === 2 || index === 5) masked += '.';
    else if (index === 8) masked += '/';
    else if (index === 12) masked += '-';
    masked += chars[index];
  }
  return masked;
}

/** A CEP as it is typed: digits only, at most 8, '00000-000'. */
export function maskCep(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** A phone once the person leaves the field: '(11) 91234-5678' when it reads as one, as typed otherwise. */
export const tidyPhone = (value: string): string => (isValidPhone(value) ? formatPhone(value) : value);

/** Whether a masked CEP is complete (8 digits), so looking it up makes sense. */
export const isCompleteCep = (value: string) => value.replace(/\D/g, '').length === 8;
