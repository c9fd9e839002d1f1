/**
 * Tests never reach the internet: third-party services are local servers speaking their protocol
 * (tools/strava-simulator). Loaded first by every vitest tier but e2e (vitest.config.ts), this
 * refuses any socket connection to an address other than loopback, with a sentence naming the
 * address, so a test that forgot to point a client at its local server fails at once instead of
 * waiting on (or depending on) the network. e2e does the same in the browser (e2e/support/browser.ts).
 */
import net from 'node:net';

const PATCHED = Symbol.for('stride.no-network');

/** Loopback (or unspecified: Node then connects to localhost) is the only destination allowed. */
export function isLoopbackHost(host: string | undefined | null): boolean {
  if (host === undefined || host === null || host === '' || host === 'localhost') {
    return true;
  }
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  if (net.isIPv4(v4)) {
    return v4.startsWith('127.');
  }
  return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
}

export function refusedConnectionMessage(host: string, port: number | string | undefined): string {
  return `Tests may not reach the network: the connection to ${host}${port === undefined ? '' : `:${port}`} was refused (only loopback addresses are allowed).`;
}

interface Destination {
  host: string | undefined;
  port: number | string | undefined;
  path: string | undefined;
}

/** net.Socket#connect takes (options[, listener]), (port[, host][, listener]) or (path[, listener]). */
function destinationOf(args: unknown[]): Destination {
  const [first, second] = args;
  if (Array.isArray(first)) {
    // Node's internal normalized form: [options, listener].
    return destinationOf(first as unknown[]);
  }
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; port?: number | string; path?: string };
    return { host: options.host, port: options.port, path: options.path };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) {
    return { host: undefined, port: undefined, path: first };
  }
  return { host: typeof second === 'string' ? second : undefined, port: first as number | string, path: undefined };
}

type Connect = (this: net.Socket, ...args: unknown[]) => net.Socket;

const prototype = net.Socket.prototype as unknown as Record<symbol, boolean> & { connect: Connect };
if (!prototype[PATCHED]) {
  prototype[PATCHED] = true;
  const connect = prototype.connect;
  prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
    const { host, port, path } = destinationOf(args);
    if (path === undefined && !isLoopbackHost(host)) {
      const error = Object.assign(new Error(refusedConnectionMessage(host ?? '', port)), { code: 'ECONNREFUSED' });
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, args);
  };
}
