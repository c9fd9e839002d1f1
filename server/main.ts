/** Entry point of `npm start`: configuration from the environment (and `.env`), then the server. */
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config.ts';
import { DataFolderInUseError } from './db/data-folder-lock.ts';
import { MigrationError } from './db/database.ts';
import { startServer, type RunningServer } from './server.ts';
import { REAL_CLOCK } from './clock.ts';
import { exitWhenLogged, LOG_DRAIN_MS, openLogOutput } from './log-output.ts';
import { createLogger } from './logger.ts';
import { stopOnSignals } from './stop-signals.ts';

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

const output = openLogOutput();
const starting = startServer(config, { logDestination: output });
// Heard from before the server listens: a signal during start-up (a service manager stopping a
// server as it comes up) stops it once started, instead of ending the process half-way, which
// `npm start` would then report as killed.
stopOnSignals({
  stop: async () => (await starting).stop(),
  logger: createLogger(config.logLevel, { destination: output }),
  clock: REAL_CLOCK,
  signals: process,
  // A second signal's exit is at once: the lines still waiting are dropped.
  exit: (code) => void exitWhenLogged(output, REAL_CLOCK, code, code >= 128 ? 0 : LOG_DRAIN_MS),
});
let running: RunningServer;
try {
  running = await starting;
} catch (error) {
  if (error instanceof DataFolderInUseError || error instanceof MigrationError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
console.log(`Stride is running at ${config.publicUrl} (database: ${running.database.kind})`);
