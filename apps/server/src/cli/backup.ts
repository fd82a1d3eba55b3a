import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirError, megabytes } from '../db/data-dir';
import {
  BackupError,
  POSTGRES_BACKUP_HINT,
  takeBackup,
  timestamp,
  verifyArchive,
  writeNewFile,
} from '../db/backup';

const USAGE = `Uso: npm run backup [-- arquivo.tar.gz]
Copia o banco embutido (FAROL_DATA_DIR, padrão .farol-data) para um .tar.gz, com o servidor rodando ou parado.
Sem nome, grava farol-backup-<data>.tar.gz na pasta atual. Restaure com npm run restore -- <arquivo>.`;

const run = async () => {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals.length > 1) {
    process.stderr.write(`Informe no máximo um arquivo.\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(`${POSTGRES_BACKUP_HINT}\n`);
    process.exitCode = 2;
    return;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const target = path.resolve(cwd, positionals[0] ?? `farol-backup-${timestamp()}.tar.gz`);
  const { archive, fromServer } = await takeBackup(config.dataDir);
  const { migrations } = await verifyArchive(archive);
  writeNewFile(target, archive);
  process.stdout.write(
    `Backup de ${config.dataDir} gravado em ${target} (${megabytes(archive.byteLength)}, ${migrations} migrações; ` +
      `${fromServer ? 'feito pelo servidor em execução' : 'servidor parado'}). Restaure com: npm run restore -- ${target}\n`,
  );
};

run().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof DataDirError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Backup não feito: ${known ? message : `erro inesperado: ${message}`}\n`);
  process.exitCode = 1;
});
