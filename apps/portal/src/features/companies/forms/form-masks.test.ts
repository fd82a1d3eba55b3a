import { isValidCnpj } from '@farol/data/companies';
import { describe, expect, it } from 'vitest';
import { isCompleteCep, maskCep, maskCnpj, tidyPhone } from './form-masks';

describe('maskCnpj', () => {
  it('accepts letters (alphanumeric CNPJ), upper-cased, with the separators as the characters arrive', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(isValidCnpj(maskCnpj('12abc34501de35'))).toBe(true);
    expect(maskCnpj('1')).toBe('1');
    expect(maskCnpj('12a')).toBe('12.A');
    expect(maskCnpj('12abc345')).toBe('12.ABC.345');
    expect(maskCnpj('12abc3450')).toBe('12.ABC.345/0');
  });

  it('keeps a masked or pasted number as it is, and drops what is not a letter or digit', () => {
    expect(maskCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(maskCnpj(' 11 222 333 0001 81 ')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11.222.333/0001-8199')).toBe('11.222.333/0001-81');
    expect(maskCnpj('ab!ç c')).toBe('AB.C');
  });
});

describe('maskCep', () => {
  it('digits only, at most 8, with the dash after the fifth', () => {
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310-100')).toBe('01310-100');
    expect(maskCep('01310100999')).toBe('01310-100');
    expect(isCompleteCep('01310-100')).toBe(true);
    expect(isCompleteCep('01310-10')).toBe(false);
  });
});

describe('tidyPhone', () => {
  it('formats a number it can read and leaves anything else as typed', () => {
    expect(tidyPhone('11912345678')).toBe('(11) 91234-5678');
    expect(tidyPhone('+55 11 3456 7890')).toBe('(11) 3456-7890');
    expect(tidyPhone('1234')).toBe('1234');
  });
});
