import { createServer } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, refusedConnectionMessage } from './no-network.ts';

/** The error (or null on connect) of a raw socket connection. */
function connectOutcome(options: net.NetConnectOpts): Promise<Error | null> {
  return new Promise((resolve) => {
    const socket = net.connect(options);
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (error) => resolve(error));
  });
}

describe('the test network guard', () => {
  it('refuses a connection to an internet address with a sentence naming it', async () => {
    const error = await connectOutcome({ host: '203.0.113.1', port: 443 });

    expect(error?.message).toBe(
      'Tests may not reach the network: the connection to 203.0.113.1:443 was refused (only loopback addresses are allowed).',
    );
    expect(refusedConnectionMessage('203.0.113.1', 443)).toBe(error?.message);
  });

  it('refuses a host name, and fetch fails with the guard as its cause', async () => {
    const failure = await fetch('https://www.strava.com/api/v3/athlete').then(
      () => null,
      (error: unknown) => error as Error & { cause?: Error },
    );

    expect(failure?.cause?.message).toBe(
      'Tests may not reach the network: the connection to www.strava.com:443 was refused (only loopback addresses are allowed).',
    );
  });

  it('lets loopback through', async () => {
    const server = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await connectOutcome({ host: '127.0.0.1', port })).toBeNull();
      expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('ok');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('tells loopback from everything else', () => {
    expect(
      ['127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', undefined].map(isLoopbackHost),
    ).toEqual([true, true, true, true, true, true, true]);
    expect(
      ['10.0.0.1', '203.0.113.1', '::ffff:8.8.8.8', '2001:db8::1', 'example.com', '128.0.0.1'].map(isLoopbackHost),
    ).toEqual([false, false, false, false, false, false]);
  });
});
