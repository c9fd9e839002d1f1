/** Byte arrays joined without Node's Buffer, so core runs in the browser too. */

/** The chunks, in order, as one array of `length` bytes (their total). */
export function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
