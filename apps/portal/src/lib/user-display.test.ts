import { describe, expect, it } from 'vitest';
import { firstNameOf, roleLabel } from './user-display';

describe('roleLabel', () => {
  it.each([
    ['ADMIN', 'Administrador'],
    ['cliente', 'Cliente'],
    ['Client', 'Cliente'],
    ['gestor', 'Gestor'],
    ['tecnico', 'Técnico'],
    ['suporte', 'Suporte'],
    ['', 'Equipe'],
  ])('%s → %s', (role, expected) => {
    expect(roleLabel({ role })).toBe(expected);
  });
});

describe('firstNameOf', () => {
  it('prefers the first name, else the first word of the name', () => {
    expect(firstNameOf({ firstName: 'Ana', name: 'Ana Souza' })).toBe('Ana');
    expect(firstNameOf({ firstName: '', name: 'Bruno Lima' })).toBe('Bruno');
  });
});
