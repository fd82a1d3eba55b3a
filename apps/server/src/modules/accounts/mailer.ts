import { createTransport } from 'nodemailer';

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

export interface AccountMailer {
  /** Whether e-mail goes out at all (SMTP_URL set); otherwise links are shown to the admin to copy. */
  readonly enabled: boolean;
  /** Sends one message; answers whether the SMTP server accepted it (failures are logged, never thrown). */
  send(mail: AccountMail): Promise<boolean>;
  close(): void;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

/** Nodemailer over `smtpUrl` (smtp:// or smtps://), or a mailer that sends nothing when there is none. */
export const createAccountMailer = (
  smtpUrl: string | null | undefined,
  from: string,
  log: Logger,
): AccountMailer => {
  if (!smtpUrl) return { enabled: false, send: async () => false, close: () => undefined };
  const transport = createTransport(smtpUrl);
  return {
    enabled: true,
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        return true;
      } catch (error) {
        log.warn({ err: error, to: mail.to }, 'account e-mail not sent');
        return false;
      }
    },
    close: () => transport.close(),
  };
};

const hours = (ms: number) => Math.round(ms / 3_600_000);

export const invitationMail = (to: string, name: string, url: string, ttlMs: number): AccountMail => ({
  to,
  subject: 'Seu acesso ao Farol',
  text: [
    `Olá, ${name}!`,
    '',
    'Você foi convidado(a) para o Farol — Suporte e Operações.',
    `Para criar sua senha e entrar, abra o link abaixo (vale por ${hours(ttlMs)} horas e uma única vez):`,
    '',
    url,
    '',
    'Se você não esperava este convite, ignore este e-mail.',
  ].join('\n'),
});

export const passwordResetMail = (to: string, name: string, url: string, ttlMs: number): AccountMail => ({
  to,
  subject: 'Criar uma nova senha no Farol',
  text: [
    `Olá, ${name}!`,
    '',
    'Recebemos um pedido para criar uma nova senha para a sua conta.',
    `Abra o link abaixo (vale por ${hours(ttlMs)} hora e uma única vez):`,
    '',
    url,
    '',
    'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
  ].join('\n'),
});
