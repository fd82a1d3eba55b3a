import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  notificationEventSchema,
  notificationListQuerySchema,
  profileUpdateSchema,
  sendMessageSchema,
  socketAckSchema,
  startConversationSchema,
} from './index';

const fieldMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('wire contract', () => {
  it('login needs an identifier and a password, with Portuguese messages', () => {
    expect(loginRequestSchema.safeParse({ login: 'ana', email: 'ana', password: 'x' }).success).toBe(true);
    expect(fieldMessages(loginRequestSchema.safeParse({ login: '', password: '' }))).toEqual({
      password: 'Informe a senha',
      login: 'Informe o login',
    });
    expect(fieldMessages(loginRequestSchema.safeParse({ login: 'ana', password: 42 }))).toEqual({
      password: 'Informe a senha',
    });
  });

  it('profile updates accept only known fields', () => {
    expect(profileUpdateSchema.safeParse({ theme: 'oceano' }).success).toBe(true);
    expect(fieldMessages(profileUpdateSchema.safeParse({ theme: 'Bad Theme!' }))).toEqual({
      theme: 'Tema inválido',
    });
    expect(profileUpdateSchema.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('notification limit defaults to 25 and is bounded', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ limit: 25 });
    expect(notificationListQuerySchema.parse({ limit: '10' })).toEqual({ limit: 10 });
    expect(fieldMessages(notificationListQuerySchema.safeParse({ limit: '1000' }))).toEqual({
      limit: 'limit deve ser no máximo 100',
    });
  });

  it('messages must not be blank', () => {
    expect(fieldMessages(sendMessageSchema.safeParse({ text: '   ' }))).toEqual({
      text: 'A mensagem não pode ficar em branco',
    });
    expect(fieldMessages(startConversationSchema.safeParse({ participant_ids: [] }))).toEqual({
      participant_ids: 'Escolha ao menos um participante',
    });
  });

  it('tags live notifications and types socket acknowledgements', () => {
    const notification = {
      id: 1,
      type: 'ticket',
      message: 'Novo chamado',
      created_at: '2026-11-21T10:00:00Z',
      read_at: null,
      severity: 'info',
    };
    expect(notificationEventSchema.safeParse({ __kind: 'notification', notification }).success).toBe(true);
    expect(notificationEventSchema.safeParse(notification).success).toBe(false);
    expect(
      socketAckSchema.safeParse({ ok: false, error: { error: 'forbidden', message: 'Sem permissão' } })
        .success,
    ).toBe(true);
  });
});
