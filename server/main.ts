/** Entry point of `npm start`: configuration from the environment (and `.env`), then the server. */
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.ts';
import { DataFolderInUseError } from './db/data-folder-lock.ts';
import { MigrationError } from './db/database.ts';
import { startServer, type RunningServer } from './server.ts';

if (existsSync('.env')) {
  process.loadEnvFile('.env');
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The embedded database is WebAssembly, which V8 first runs from a quick baseline compile and
// recompiles, optimised, per function once it has run enough. At the default budget that second
// compile starts during the database's own start-up and costs about a third of its CPU time; a
// budget a hundred times larger leaves it to the functions that requests keep running.
setFlagsFromString('--wasm-tiering-budget=180000000');

let running: RunningServer;
try {
  running = await startServer(config);
} catch (error) {
  if (error instanceof DataFolderInUseError || error instanceof MigrationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
console.log(`Stride is running at ${config.publicUrl} (database: ${running.database.kind})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      return;
    }
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
