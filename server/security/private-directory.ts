/**
 * Stride's data folder holds the database files (every runner's text), the upload spool and the app
 * secret: only the account the server runs as may read or enter it (0700). A folder created
 * earlier with the process umask (often 0755) is tightened at start.
 */
import { chmodSync, mkdirSync } from 'node:fs';

export const PRIVATE_DIRECTORY_MODE = 0o700;

export function ensurePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  chmodSync(dir, PRIVATE_DIRECTORY_MODE);
}
