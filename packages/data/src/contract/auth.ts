import { z } from 'zod';
import { userSchema } from './user';

/** POST /api/auth/login. The client sends the identifier as both `login` and `email` (spec §5). */
export const loginRequestSchema = z
  .object({
    login: z.string({ error: 'Informe o login' }).trim().max(200, 'Login muito longo').optional(),
    email: z.string({ error: 'Informe o e-mail' }).trim().max(200, 'E-mail muito longo').optional(),
    password: z.string({ error: 'Informe a senha' }).min(1, 'Informe a senha').max(500, 'Senha muito longa'),
  })
  .refine((body) => Boolean(body.login || body.email), {
    message: 'Informe o login',
    path: ['login'],
  });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  token: z.string().min(1),
  /** Signed in with a temporary password: the portal asks for a new one before anything else (issue 13). */
  must_change_password: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export { SESSION_COOKIE, SESSION_TTL_MS } from './constants';
