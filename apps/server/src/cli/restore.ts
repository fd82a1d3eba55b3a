import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, POSTGRES_BACKUP_HINT, restoreBackup } from '../db/backup';
import { DataDirError } from '../db/data-dir';

const USAGE = `Uso: npm run restore -- arquivo.tar.gz
Troca o banco embutido (FAROL_DATA_DIR, padrão .farol-data) pelo de um backup de npm run backup. Pare o servidor antes.
A pasta que houver é guardada ao lado (<pasta>.antes-da-restauracao-<data>), nunca apagada.`;

const run = async () => {
  const { values, positionals } = parseArgs({
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals.length !== 1) {
    process.stderr.write(`Informe o arquivo do backup.\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(`${POSTGRES_BACKUP_HINT}\n`);
    process.exitCode = 2;
    return;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const { previous, migrations } = await restoreBackup(config.dataDir, file);
  process.stdout.write(
    `Banco restaurado de ${file} em ${config.dataDir} (${migrations} migrações).` +
      `${previous ? ` A pasta anterior foi guardada em ${previous}; apague-a quando não precisar mais dela.` : ''}` +
      ' Inicie o servidor (npm start).\n',
  );
};

run().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof DataDirError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Restauração não feita: ${known ? message : `erro inesperado: ${message}`}\n`);
  process.exitCode = 1;
});
