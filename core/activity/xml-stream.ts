/**
 * A hardened streaming XML reader for the GPX and TCX parsers: bytes in, element events out, with
 * every way an upload can be hostile or broken turned into one MalformedXmlError (which each parser
 * reports as its spec §5 "Invalid … file format").
 *
 * - saxes does the XML (non-namespaced, no position tracking: both cost time and neither is needed);
 *   elements are reported by local name, so `gpxtpx:hr`, `ns3:hr` and `hr` look alike.
 * - Any DOCTYPE is refused. GPX and TCX never need one, and refusing it closes off entity expansion
 *   (billion laughs) and external entities in one rule. saxes itself does not expand DTD entities,
 *   so an entity reference without a DOCTYPE is an "undefined entity" error, also refused.
 * - Bytes are decoded with a streaming TextDecoder so a character split across two chunks survives.
 *   The encoding comes from a byte-order mark or the XML declaration (UTF-8 when neither says).
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export class MalformedXmlError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedXmlError';
  }
}

export interface XmlElementHandler {
  /** An element opened; `name` is its local name (prefix dropped). */
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  close(name: string): void;
  /** Character data (text or CDATA) directly inside the current element; may arrive in pieces. */
  text(text: string): void;
}

export interface XmlStream {
  write(chunk: Uint8Array): void;
  /** Ends the document; throws MalformedXmlError when it is incomplete. */
  close(): void;
}

/** Enough bytes to hold a byte-order mark and any ordinary XML declaration. */
const SNIFF_BYTES = 256;
/** Distinct element names remembered; a hostile file with millions of names just skips the cache. */
const NAME_CACHE_LIMIT = 1024;

function concatBytes(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** The decoder for a document's first bytes: byte-order mark, then `<?xml … encoding="…"?>`. */
/** The global TextDecoder (the WHATWG one, in Node and browsers alike). */
type TextDecoderInstance = InstanceType<typeof TextDecoder>;

function decoderFor(head: Uint8Array): TextDecoderInstance {
  if (head[0] === 0xff && head[1] === 0xfe) {
    return new TextDecoder('utf-16le');
  }
  if (head[0] === 0xfe && head[1] === 0xff) {
    return new TextDecoder('utf-16be');
  }
  let ascii = '';
  for (let i = 0; i < head.length && i < SNIFF_BYTES; i += 1) {
    ascii += String.fromCharCode(head[i] as number);
  }
  const declared = /^(?:\xef\xbb\xbf)?<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(ascii)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8');
  } catch {
    throw new MalformedXmlError(`unsupported encoding ${declared ?? ''}`);
  }
}

export function createXmlStream(handler: XmlElementHandler): XmlStream {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const localNames = new Map<string, string>();
  const localName = (name: string): string => {
    let local = localNames.get(name);
    if (local === undefined) {
      const colon = name.indexOf(':');
      local = colon < 0 ? name : name.slice(colon + 1);
      if (localNames.size < NAME_CACHE_LIMIT) {
        localNames.set(name, local);
      }
    }
    return local;
  };

  // saxes reports malformed XML here; throwing stops it at the first error.
  parser.on('error', (error) => {
    throw new MalformedXmlError(error.message);
  });
  parser.on('doctype', () => {
    throw new MalformedXmlError('DOCTYPE declarations are not accepted');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => handler.open(localName(tag.name), tag.attributes));
  parser.on('closetag', (tag: SaxesTagPlain) => handler.close(localName(tag.name)));
  parser.on('text', (text) => handler.text(text));
  parser.on('cdata', (text) => handler.text(text));

  let decoder: TextDecoderInstance | undefined;
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  let failed: Error | undefined;

  const feed = (text: string) => {
    if (text.length > 0) {
      parser.write(text);
    }
  };
  /** Runs a parser step; after any failure the stream stays failed (no half-read document). */
  const guarded = (step: () => void) => {
    if (failed !== undefined) {
      throw failed;
    }
    try {
      step();
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  };

  return {
    write(chunk) {
      guarded(() => {
        if (decoder !== undefined) {
          feed(decoder.decode(chunk, { stream: true }));
          return;
        }
        pending.push(chunk);
        pendingLength += chunk.length;
        if (pendingLength >= SNIFF_BYTES) {
          const head = concatBytes(pending, pendingLength);
          pending = [];
          decoder = decoderFor(head);
          feed(decoder.decode(head, { stream: true }));
        }
      });
    },
    close() {
      guarded(() => {
        if (decoder === undefined) {
          const head = concatBytes(pending, pendingLength);
          pending = [];
          decoder = decoderFor(head);
          feed(decoder.decode(head, { stream: true }));
        }
        feed(decoder.decode());
        parser.close();
      });
    },
  };
}
