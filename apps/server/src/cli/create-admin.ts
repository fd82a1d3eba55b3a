import { parseArgs } from 'node:util';
import { z } from 'zod';
import { hashPassword } from '../auth/password';
import { revokeUserSessions } from '../auth/tokens';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

const USAGE = `Uso: npm run create-admin -w @farol/server -- --email admin@empresa.com --password 'senha-forte' [--name "Nome Sobrenome"] [--username admin]
Usa DATABASE_URL (PostgreSQL) ou FAROL_DATA_DIR (PGlite, padrão .farol-data). A senha também pode vir de FAROL_ADMIN_PASSWORD.`;

const argsSchema = z.object({
  email: z.email('E-mail inválido'),
  password: z.string().min(10, 'A senha deve ter ao menos 10 caracteres').max(500),
  name: z.string().trim().min(1).max(160).default('Administrador'),
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9._-]{2,40}$/i, 'Usuário inválido')
    .optional(),
});

/** Creates (or promotes and resets) an admin for a real deployment; the demo seed never runs here. */
const run = async () => {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      username: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const parsed = argsSchema.safeParse({
    ...values,
    password: values.password ?? process.env.FAROL_ADMIN_PASSWORD,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    process.stderr.write(`${problems.join('\n')}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const { email, password, name, username } = parsed.data;
  const [firstName = name, ...rest] = name.split(/\s+/);
  const config = loadConfig();
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number; created: boolean }>(
      `INSERT INTO users (email, username, first_name, last_name, role, permissions, password_hash)
       VALUES ($1, $2, $3, $4, 'admin', '{}', $5)
       ON CONFLICT ((lower(email))) DO UPDATE SET role = 'admin', password_hash = EXCLUDED.password_hash,
         updated_at = now()
       RETURNING id, (xmax = 0) AS created`,
      [email, username ?? null, firstName, rest.join(' '), await hashPassword(password)],
    );
    const row = rows[0];
    // A reset password and a new role end the sessions opened before (a running server's sockets follow
    // within its session sweep).
    const revoked = row && !row.created ? await revokeUserSessions(db, row.id) : 0;
    process.stdout.write(
      row?.created
        ? `Administrador ${email} criado (id ${row.id}).\n`
        : `Usuário ${email} já existia: agora é administrador, com a nova senha` +
            (revoked > 0 ? ` (${revoked} sessões abertas encerradas).\n` : '.\n'),
    );
  } finally {
    await db.close();
  }
};

run().catch((error: unknown) => {
  process.stderr.write(
    `Falha ao criar o administrador: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
