import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  cnpjRoot,
  formatCep,
  formatCnpj,
  formatCpf,
  formatPhone,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  maskCpf,
  nextBranchCnpj,
  normalizeCnpj,
  normalizeEmailDomain,
  normalizeIe,
  normalizePhone,
  whatsappHref,
} from './brazil';
import { createBranchSchema, createCompanySchema } from './company';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const first12 = fc
  .array(fc.constantFrom(...ALNUM), { minLength: 12, maxLength: 12 })
  .map((chars) => chars.join(''))
  .filter((text) => !/^(.)\1{11}$/.test(text));

describe('CNPJ (alphanumeric-ready, IN RFB 2.229/2024)', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['12.ABC.345/01DE-35', true],
    ['12abc34501de35', true],
    ['11.222.333/0001-82', false],
    ['12.ABC.345/01DE-36', false],
    ['00.000.000/0000-00', false],
    ['11.222.333/0001', false],
    ['12.ABC.345/01DE-3X', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidCnpj(value)).toBe(valid);
  });

  it('any 12 characters with their check digits form a valid CNPJ', () => {
    fc.assert(fc.property(first12, (base) => isValidCnpj(`${base}${cnpjCheckDigits(base)}`)));
  });

  it('refuses a known CNPJ with any one digit changed', () => {
    // (Mod 11 with rests 0 and 1 both giving 0 lets rare changes through in general; not for these.)
    const valid = '11222333000181';
    for (let at = 0; at < 14; at += 1) {
      const changed = `${valid.slice(0, at)}${(Number(valid[at]) + 1) % 10}${valid.slice(at + 1)}`;
      expect(isValidCnpj(changed), changed).toBe(false);
    }
  });

  it('formats and normalises back (letters kept, upper case)', () => {
    fc.assert(
      fc.property(first12, (base) => {
        const cnpj = `${base}${cnpjCheckDigits(base)}`;
        return normalizeCnpj(formatCnpj(cnpj.toLowerCase())) === cnpj;
      }),
    );
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
  });

  it('suggests the next establishment of the same root', () => {
    expect(nextBranchCnpj('11222333', ['11222333000181'])).toBe('11222333000262');
    expect(nextBranchCnpj('11222333', [])).toBe('11222333000181');
    const next = nextBranchCnpj('12ABC345', ['12ABC34501DE35', '12ABC345000799']);
    expect(cnpjRoot(next)).toBe('12ABC345');
    expect(next.slice(8, 12)).toBe('0008');
    expect(isValidCnpj(next)).toBe(true);
  });
});

describe('CPF', () => {
  it('validates check digits and refuses repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529.982.247-25')).toBe('***.982.247-**');
  });
});

describe('CEP, phones, IE, domains', () => {
  it('CEP 00000-000', () => {
    expect(isValidCep('01310-100')).toBe(true);
    expect(isValidCep('0131010')).toBe(false);
    expect(formatCep('01310100')).toBe('01310-100');
  });

  it.each([
    ['(11) 91234-5678', '+5511912345678', '(11) 91234-5678'],
    ['11 3456 7890', '+551134567890', '(11) 3456-7890'],
    ['+55 21 98765-4321', '+5521987654321', '(21) 98765-4321'],
    ['021 3456-7890', '+552134567890', '(21) 3456-7890'],
  ])('phone %s → %s, shown %s', (typed, e164, shown) => {
    expect(normalizePhone(typed)).toBe(e164);
    expect(formatPhone(e164)).toBe(shown);
  });

  it.each(['(20) 91234-5678', '(11) 81234-5678', '1234', '(11) 1234-5678'])(
    'refuses the phone %s',
    (typed) => {
      expect(normalizePhone(typed)).toBeNull();
    },
  );

  it('links WhatsApp to the E.164 number', () => {
    expect(whatsappHref('(11) 91234-5678')).toBe('https://wa.me/5511912345678');
  });

  it('keeps IE digits or ISENTO', () => {
    expect(normalizeIe('isento')).toBe('ISENTO');
    expect(normalizeIe('110.042.490.114')).toBe('110042490114');
    expect(normalizeIe('abc')).toBeNull();
  });

  it('normalises e-mail domains', () => {
    expect(normalizeEmailDomain('@Acme.com.BR')).toBe('acme.com.br');
    expect(normalizeEmailDomain('not a domain')).toBeNull();
  });
});

describe('company and branch schemas', () => {
  it('store a CNPJ unmasked and upper case, a phone in E.164, empty optional text as null', () => {
    const company = createCompanySchema.parse({
      name: 'Acme',
      legal_name: 'Acme Ltda.',
      cnpj: '12.abc.345/01de-35',
      phone: '(11) 3456-7890',
      segment: '',
      email_domains: ['@Acme.com.br', 'acme.com.br'],
    });
    expect(company).toMatchObject({
      cnpj: '12ABC34501DE35',
      phone: '+551134567890',
      segment: null,
      email_domains: ['acme.com.br'],
      kind: 'cliente',
      status: 'ativo',
    });
  });

  it('answer Portuguese messages on their fields', () => {
    const result = createCompanySchema.safeParse({ name: '', legal_name: 'X', cnpj: '11.222.333/0001-82' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({ name: 'Informe o nome fantasia', cnpj: 'CNPJ inválido' });
    expect(createBranchSchema.safeParse({ name: 'F', cep: '123' }).error?.issues[0]?.message).toBe(
      'CEP inválido: use 00000-000',
    );
  });
});
