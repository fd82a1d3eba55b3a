import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_COMMON } from '@farol/data/contract';
import { httpError } from '../../http/errors';
import { COMMON_PASSWORDS_TEXT } from './common-passwords';

let common: Set<string> | null = null;
const commonPasswords = () =>
  (common ??= new Set(
    COMMON_PASSWORDS_TEXT.split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  ));

/** Whether a password is one of the shipped common ones (case-insensitive, surrounding spaces ignored). */
export const isCommonPassword = (password: string) => commonPasswords().has(password.trim().toLowerCase());

/**
 * The policy beyond what the schema checks (length): refused when common, or when it is the person's own
 * e-mail or name. Answers 400 with the message on `field`.
 */
export const assertPasswordPolicy = (
  password: string,
  person: { email: string; first_name?: string; last_name?: string },
  field = 'password',
) => {
  const refuse = (message: string) => httpError(400, 'validation_failed', message, { [field]: message });
  if (password.length < PASSWORD_MIN_LENGTH)
    throw refuse(`A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`);
  if (isCommonPassword(password)) throw refuse(PASSWORD_TOO_COMMON);
  const lower = password.trim().toLowerCase();
  const local = person.email.split('@')[0]?.toLowerCase() ?? '';
  const fullName = `${person.first_name ?? ''}${person.last_name ?? ''}`.replace(/\s+/g, '').toLowerCase();
  if (lower === person.email.toLowerCase() || (local.length >= 4 && lower === local) || lower === fullName)
    throw refuse('A senha não pode ser o seu e-mail nem o seu nome');
};
