/**
 * Reads an outside service's answer up to a cap (core/upstream-limits.ts): the body is streamed and
 * the transfer cancelled as soon as it passes the cap, so a 300 MB answer costs at most the cap.
 */

/** An answer whose body passed its cap; the transfer was stopped there. */
export class UpstreamBodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`answered more than ${maxBytes} bytes`);
    this.name = 'UpstreamBodyTooLargeError';
  }
}

/** The body as text, at most `maxBytes` (a larger one throws UpstreamBodyTooLargeError). */
export async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new UpstreamBodyTooLargeError(maxBytes);
  }
  if (response.body === null) {
    return '';
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let read = 0;
  let text = '';
  for (;;) {
    const chunk = (await reader.read()) as { done: boolean; value?: Uint8Array };
    const value = chunk.value;
    if (chunk.done || value === undefined) {
      return text + decoder.decode();
    }
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new UpstreamBodyTooLargeError(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The body parsed as JSON, read up to `maxBytes`. */
export async function readCappedJson(response: Response, maxBytes: number): Promise<unknown> {
  return JSON.parse(await readCappedText(response, maxBytes)) as unknown;
}
