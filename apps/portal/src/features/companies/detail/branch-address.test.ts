import { describe, expect, it } from 'vitest';
import { branchAddress } from './branch-address';

const EMPTY = {
  street: null,
  number: null,
  complement: null,
  district: null,
  city: null,
  uf: null,
  cep: null,
};

describe('branchAddress', () => {
  it('reads as Brazilians write an address', () => {
    expect(
      branchAddress({
        street: 'Avenida Paulista',
        number: '100',
        complement: 'Conjunto 12',
        district: 'Bela Vista',
        city: 'São Paulo',
        uf: 'SP',
        cep: '01310100',
      }),
    ).toBe('Avenida Paulista, 100, Conjunto 12 – Bela Vista, São Paulo/SP, CEP 01310-100');
  });

  it('leaves out what is missing', () => {
    expect(branchAddress({ ...EMPTY, city: 'Niterói', uf: 'RJ' })).toBe('Niterói/RJ');
    expect(branchAddress({ ...EMPTY, street: 'Rua A' })).toBe('Rua A');
    expect(branchAddress(EMPTY)).toBe('');
  });
});
