/** `npm run backup`: one backup of the whole instance into BACKUP_DIR (server/backup-command.ts). */
import { existsSync } from 'node:fs';
import { backupCommand, backupReport } from './backup-command.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataFolderInUseError } from './db/data-folder-lock.ts';
import { BackupError } from './services/backups.ts';

if (existsSync('.env')) {
  process.loadEnvFile('.env');
}

try {
  console.log(backupReport(await backupCommand(loadConfig())));
} catch (error) {
  if (error instanceof ConfigError || error instanceof BackupError || error instanceof DataFolderInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
