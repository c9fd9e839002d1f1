/**
 * The local control channel of a server on PGlite: HTTP over a Unix socket in the data folder
 * (DATA_DIR/control.sock, mode 0600, in a folder only the server's account may enter), published in
 * the data-folder lock as `controlSocket`. Only someone who may read the data folder can reach it,
 * which is who could copy the folder anyway. `npm run backup` beside a running server asks it for a
 * backup: PGlite is one process's database, so the server writes the backup itself.
 */
import { chmod, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';
import type { BackupResult } from './services/backups.ts';

export const CONTROL_SOCKET_FILE = 'control.sock';

export interface ControlHandlers {
  /** Writes a backup into `dir` and answers what it wrote. */
  backup(dir: string): Promise<BackupResult>;
}

export interface ControlChannel {
  socketPath: string;
  close(): Promise<void>;
}

function readBody(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve(text));
    stream.on('error', reject);
  });
}

/** Opens the channel in `dataDir`; a socket file a killed server left there is replaced. */
export async function openControlChannel(
  dataDir: string,
  handlers: ControlHandlers,
  logger: Logger,
): Promise<ControlChannel> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET_FILE);
  // The folder is this server's (the data-folder lock): a socket file in it is a dead server's.
  await rm(socketPath, { force: true });
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/backup') {
      answer(404, { error: 'Unknown control request.' });
      return;
    }
    readBody(req)
      .then((text) => {
        const { dir } = JSON.parse(text) as { dir?: unknown };
        if (typeof dir !== 'string' || !path.isAbsolute(dir)) {
          throw new Error('A backup request names an absolute folder.');
        }
        return handlers.backup(dir);
      })
      .then(
        (result) => answer(200, result),
        (error: unknown) => {
          logger.warn({ err: error }, 'backup asked through the control channel failed');
          answer(500, { error: error instanceof Error ? error.message : String(error) });
        },
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Asks the server behind `socketPath` for a backup into `dir`; rejects with the server's sentence. */
export function requestBackup(socketPath: string, dir: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        readBody(res).then((text) => {
          const body = JSON.parse(text) as BackupResult & { error?: string };
          if (res.statusCode === 200) {
            resolve(body);
          } else {
            reject(new Error(body.error ?? `the server answered ${res.statusCode ?? 'nothing'}`));
          }
        }, reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ dir }));
  });
}
