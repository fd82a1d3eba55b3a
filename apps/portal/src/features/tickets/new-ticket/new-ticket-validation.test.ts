import { ApiError } from '@farol/data';
import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_TICKET, validateNewTicket } from './new-ticket-validation';
import { serverFieldErrors } from '../../../lib/form-errors';

describe('validateNewTicket', () => {
  it("answers the contract's messages under their fields", () => {
    const { errors } = validateNewTicket(
      { ...EMPTY_NEW_TICKET, subject: 'ab', description: '   ' },
      'client',
    );
    expect(errors).toEqual({
      subject: 'O assunto deve ter ao menos 3 caracteres',
      description: 'A descrição não pode ficar em branco',
    });
  });

  it('asks staff for the company', () => {
    const values = { ...EMPTY_NEW_TICKET, subject: 'Impressora parada', description: 'Não imprime.' };
    expect(validateNewTicket(values, 'staff').errors).toEqual({ company_id: 'Selecione a empresa' });
    expect(validateNewTicket(values, 'client').errors).toBeUndefined();
  });

  it('builds the trimmed create body with the files', () => {
    const files = [new File(['x'], 'a.png', { type: 'image/png' })];
    const { ticket } = validateNewTicket(
      {
        ...EMPTY_NEW_TICKET,
        subject: '  Impressora parada ',
        description: 'Não imprime.',
        priority: 'alta',
        category: ' Impressora ',
        companyId: '3',
        branchId: '',
        files,
      },
      'staff',
    );
    expect(ticket).toEqual({
      subject: 'Impressora parada',
      description: 'Não imprime.',
      priority: 'alta',
      category: 'Impressora',
      company_id: 3,
      files,
    });
  });

  it('never sends a company for a client', () => {
    const values = { ...EMPTY_NEW_TICKET, subject: 'Sem rede', description: 'Caiu.', companyId: '9' };
    expect(validateNewTicket(values, 'client').ticket).not.toHaveProperty('company_id');
  });
});

describe('serverFieldErrors', () => {
  it('puts known details on their fields and keeps the rest', () => {
    const error = new ApiError(400, 'Dados inválidos', {
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { subject: 'Assunto curto', files: 'Arquivo inválido', extra: 'Campo não permitido' },
    });
    expect(serverFieldErrors(error, ['subject', 'files'] as const)).toEqual({
      fields: { subject: 'Assunto curto', files: 'Arquivo inválido' },
      other: ['Campo não permitido'],
    });
    expect(serverFieldErrors(new Error('x'), ['subject'] as const)).toEqual({ fields: {}, other: [] });
  });
});
