import { ApiError } from '@farol/data';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom } from './profile-page';

describe('fieldErrorsFrom', () => {
  it('maps the server details of this form', () => {
    const error = new ApiError(400, 'Dados inválidos', {
      error: 'validation_failed',
      message: 'Dados inválidos',
      details: { first_name: 'Nome não pode ficar em branco', theme: 'Tema inválido' },
    });
    expect(fieldErrorsFrom(error)).toEqual({ first_name: 'Nome não pode ficar em branco' });
  });
  it('answers nothing for other failures', () => {
    expect(fieldErrorsFrom(new ApiError(500, 'HTTP 500', 'boom'))).toEqual({});
    expect(fieldErrorsFrom(new Error('x'))).toEqual({});
  });
});
