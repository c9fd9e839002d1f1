/** A loopback port nobody listens on now: for a callback URL configured before its server starts, or a child server process. */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Whether a listener can take the loopback port now (nothing holds it any more). */
export async function portIsFree(port: number): Promise<boolean> {
  const probe = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) {
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
  return listening;
}
