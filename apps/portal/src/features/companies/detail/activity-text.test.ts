import { describe, expect, it } from 'vitest';
import { activityChangedFields, activityChanges, activitySentence, activityValue } from './activity-text';

describe('activitySentence', () => {
  it('says what happened, naming the branch or contact', () => {
    expect(activitySentence({ action: 'updated', details: {} })).toBe('alterou a empresa');
    expect(activitySentence({ action: 'branch_created', details: { name: 'Filial Campinas' } })).toBe(
      'cadastrou a filial Filial Campinas',
    );
    expect(activitySentence({ action: 'branch_created', details: { branch: 'Filial Campinas' } })).toBe(
      'cadastrou a filial Filial Campinas',
    );
    expect(activitySentence({ action: 'contact_deleted', details: {} })).toBe('excluiu um contato');
    expect(activitySentence({ action: 'merged', details: {} })).toBe('registrou “merged”');
  });
});

describe('activityChanges', () => {
  it('lists each field before → after, formatted as people read it', () => {
    expect(
      activityChanges(
        {
          details: {
            changes: {
              phone: { from: '+551134567800', to: '+551134567890' },
              status: { from: 'ativo', to: 'inativo' },
              email_domains: { from: [], to: ['acme.com.br', 'acme.com'] },
              account_manager_id: { from: null, to: 2 },
              parent_id: { from: 7, to: null },
              cnpj: { from: null, to: '12ABC34501DE35' },
            },
          },
        },
        { people: new Map([[2, 'Bruno Lima']]) },
      ),
    ).toEqual([
      { field: 'phone', label: 'Telefone', from: '(11) 3456-7800', to: '(11) 3456-7890' },
      { field: 'status', label: 'Status', from: 'Ativa', to: 'Inativa' },
      { field: 'email_domains', label: 'Domínios de e-mail', from: '—', to: 'acme.com.br, acme.com' },
      { field: 'account_manager_id', label: 'Responsável', from: '—', to: 'Bruno Lima' },
      { field: 'parent_id', label: 'Grupo econômico', from: 'empresa nº 7', to: '—' },
      { field: 'cnpj', label: 'CNPJ', from: '—', to: '12.ABC.345/01DE-35' },
    ]);
  });

  it('reads nothing else as changes', () => {
    expect(activityChanges({ details: {} })).toEqual([]);
    expect(activityChanges({ details: { changes: ['name'] } })).toEqual([]);
    expect(activityChanges({ details: { changes: { name: 'x' } } })).toEqual([]);
  });

  it('names the fields of an entry that lists them without values', () => {
    expect(activityChangedFields({ details: { changes: ['name', 'website'] } })).toEqual(['Nome', 'Site']);
  });

  it('reads flags as Sim / Não', () => {
    expect(activityValue('head_office', true)).toBe('Sim');
    expect(activityValue('vip', false)).toBe('Não');
  });
});
