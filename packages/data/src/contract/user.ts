import { z } from 'zod';

/**
 * The user as the reference server sends it (canonical wire form). Clients of other servers may receive
 * camelCase or partial variants; `normalizeUser` in @farol/data tolerates them (spec §3).
 */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  theme: z.string(),
  profile_picture: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable().optional(),
});
export type UserWire = z.infer<typeof userSchema>;

const nameField = (label: string) =>
  z
    .string({ error: `${label} deve ser um texto` })
    .trim()
    .min(1, `${label} não pode ficar em branco`)
    .max(80, `${label} deve ter no máximo 80 caracteres`);

/** PUT /api/profile: the spec's `{theme}` plus the names of the profile page. */
export const profileUpdateSchema = z
  .object({
    theme: z
      .string({ error: 'Tema deve ser um texto' })
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'Tema inválido'),
    first_name: nameField('Nome'),
    last_name: nameField('Sobrenome'),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** A user as listed for pickers (GET /api/users). */
export const userSummarySchema = userSchema.pick({
  id: true,
  email: true,
  name: true,
  role: true,
  profile_picture: true,
  company_id: true,
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from './constants';
