// Runs the TypeScript import worker where the server itself runs from source (tsx, vitest):
// worker threads do not inherit the parent's loader, so this registers tsx and then loads it.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
