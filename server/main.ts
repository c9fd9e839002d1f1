/** Entry point of `npm start`: configuration from the environment (and `.env`), then the server. */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';

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

const running = await startServer(config);
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
