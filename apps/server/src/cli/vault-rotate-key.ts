import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DataDirError } from '../db/data-dir';
import {
  POSTGRES_KEY_MISSING,
  VaultKeyError,
  addKeyVersion,
  formatKeyring,
  keyFileOf,
  parseKeyringText,
  readKeyFile,
  writeKeyFile,
} from '../vault/keyring';
import { rewrapDataKeys } from '../vault/vault';

const USAGE = `Uso: npm run vault:rotate-key [-- --rewrap]
Gira a chave do cofre de senhas (KEK): cria uma nova versão e re-cifra com ela as chaves de dados de cada
empresa. Os segredos não são tocados e continuam legíveis durante toda a troca.
- Banco embutido: a nova versão entra no arquivo de chaves ao lado da pasta de dados (as antigas ficam, para
  abrir backups antigos). Com o servidor rodando, ele mesmo re-cifra em poucos segundos.
- FAROL_VAULT_KEY: mostra o novo valor a configurar em todos os servidores; cada servidor re-cifra ao iniciar
  com ele, ou rode de novo com --rewrap (com o novo FAROL_VAULT_KEY) para re-cifrar na hora.`;

const run = async () => {
  const { values } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' }, rewrap: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  const envKey = process.env.FAROL_VAULT_KEY?.trim();
  if (envKey) {
    const keyring = parseKeyringText(envKey);
    if (values.rewrap) {
      const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      try {
        const count = await rewrapDataKeys(db, keyring);
        process.stdout.write(
          `${count} chave(s) de dados re-cifrada(s) com a versão v${keyring.current} da chave do cofre.\n`,
        );
      } finally {
        await db.close();
      }
      return;
    }
    const next = addKeyVersion(keyring);
    process.stdout.write(
      `Nova chave do cofre: versão v${next.current}. Configure em TODOS os servidores (as versões antigas seguem ` +
        `abrindo o que ainda não foi re-cifrado):\n\nFAROL_VAULT_KEY=${formatKeyring(next)}\n\n` +
        `Cada servidor re-cifra as chaves de dados ao iniciar com ela; ou rode npm run vault:rotate-key -- --rewrap ` +
        `com o novo valor. Guarde uma cópia fora do servidor: sem a chave, nenhum backup abre os segredos.\n`,
    );
    return;
  }
  if (config.databaseUrl) {
    process.stderr.write(`${POSTGRES_KEY_MISSING}\n`);
    process.exitCode = 2;
    return;
  }
  const file = keyFileOf(config.dataDir);
  if (!existsSync(file)) {
    process.stderr.write(
      `Nada a girar: ${file} não existe (o servidor cria a chave do cofre na primeira vez que inicia).\n`,
    );
    process.exitCode = 2;
    return;
  }
  const next = addKeyVersion(readKeyFile(file));
  let db;
  try {
    db = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirError) || error.problem !== 'locked') throw error;
    writeKeyFile(file, next);
    process.stdout.write(
      `Versão v${next.current} gravada em ${file}. O servidor em execução lê o arquivo e re-cifra as chaves de ` +
        `dados em poucos segundos (o log registra "vault: key file changed"). Guarde uma cópia da chave fora do servidor.\n`,
    );
    return;
  }
  try {
    writeKeyFile(file, next);
    const count = await rewrapDataKeys(db, next);
    process.stdout.write(
      `Versão v${next.current} gravada em ${file}; ${count} chave(s) de dados re-cifrada(s). Guarde uma cópia da ` +
        `chave fora do servidor: sem ela, nenhum backup abre os segredos.\n`,
    );
  } finally {
    await db.close();
  }
};

run().catch((error: unknown) => {
  const known = error instanceof VaultKeyError || error instanceof DataDirError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Chave do cofre não girada: ${known ? message : `erro inesperado: ${message}`}\n`);
  process.exitCode = 1;
});
