/**
 * Who can be given access to the vault's folders and items (issue 14): the staff people and the roles a
 * manager picks from in "Acessos". Read through the vault (passwords.manage), so sharing does not need
 * users.view.
 */
import { z } from 'zod';

export const vaultGranteesQuerySchema = z.object({
  q: z.string().trim().max(100, 'Busca: no máximo 100 caracteres').optional(),
});

export const vaultGranteesSchema = z.object({
  /** Staff people (never a client), by name; at most 50 per answer. */
  people: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.string() })),
  /** Staff roles (the client role left out). */
  roles: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type VaultGrantees = z.infer<typeof vaultGranteesSchema>;
