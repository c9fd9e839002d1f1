/** `npm run restore -- FILE`: a backup into an empty DATA_DIR (server/backup-command.ts). */
import { existsSync } from 'node:fs';
import { dataDirOf } from './config.ts';
import { restoreCommand, restoreReport } from './backup-command.ts';
import { BackupError } from './services/backups.ts';

if (existsSync('.env')) {
  process.loadEnvFile('.env');
}

const file = process.argv[2];
if (!file) {
  console.error('Name the backup to restore: npm run restore -- FILE');
  process.exit(1);
}
try {
  console.log(restoreReport(file, dataDirOf(), await restoreCommand(process.env, file), process.env));
} catch (error) {
  if (error instanceof BackupError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}. Nothing was restored.`);
  process.exit(1);
}
