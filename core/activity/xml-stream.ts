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
import { concatBytes } from '../bytes.ts';

export class MalformedXmlError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'MalformedXmlError';
  }
}

/** Runs one step of an XML stream, turning malformed XML into the format's own "Invalid … file format". */
export function guardMalformed(step: () => void, invalidFormat: () => Error): void {
  try {
    step();
  } catch (error) {
    throw error instanceof MalformedXmlError ? invalidFormat() : error;
  }
}

export interface XmlElementHandler {
  /**
   * An element opened; `name` is its local name (prefix dropped). Return true to receive its text
   * when it closes.
   */
  open(name: string, attributes: Readonly<Record<string, string>>): boolean;
  /** The innermost open element closed; `text` is its character data if `open` asked for it, else "". */
  close(text: string): void;
}

export interface XmlStream {
  write(chunk: Uint8Array): void;
  /** Ends the document; throws MalformedXmlError when it is incomplete. */
  close(): void;
}

/** Enough bytes to hold a byte-order mark and any ordinary XML declaration. */
const SNIFF_BYTES = 256;
/** Distinct prefixed element names remembered. */
const NAME_CACHE_LIMIT = 1024;

/** The global TextDecoder (the WHATWG one, in Node and browsers alike). */
type TextDecoderInstance = InstanceType<typeof TextDecoder>;

/** The decoder for a document's first bytes: byte-order mark, then `<?xml … encoding="…"?>`. */
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
  // A declaration readable one byte per character is not UTF-16, whatever it says (a common mislabel).
  const label = declared === undefined || /^utf-?16/i.test(declared) ? 'utf-8' : declared;
  try {
    return new TextDecoder(label);
  } catch {
    throw new MalformedXmlError(`unsupported encoding ${declared ?? ''}`);
  }
}

/**
 * The local name of an element: `gpxtpx:hr` → `hr`. Prefixed names are few and repeated on every
 * point, so they are remembered rather than sliced each time.
 */
function localNameCache(): (name: string) => string {
  const cache = new Map<string, string>();
  return (name) => {
    if (name.indexOf(':') < 0) {
      return name;
    }
    let local = cache.get(name);
    if (local === undefined) {
      local = name.slice(name.indexOf(':') + 1);
      // A hostile file with millions of distinct names just stops being cached.
      if (cache.size < NAME_CACHE_LIMIT) {
        cache.set(name, local);
      }
    }
    return local;
  };
}

export function createXmlStream(handler: XmlElementHandler): XmlStream {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const localName = localNameCache();

  // Text is collected only inside an element whose text was asked for: saxes does not even slice
  // out the whitespace between the other elements when no text handler is set, which is most of a
  // GPX file. Validation (text outside the root, entities) runs either way.
  let depth = 0;
  let textDepth = 0;
  let text = '';
  const collect = (piece: string) => {
    text += piece;
  };
  // CDATA sections are rare (some apps wrap names in them); their handler stays set.
  parser.on('cdata', (piece) => {
    if (textDepth > 0) {
      text += piece;
    }
  });

  // saxes reports malformed XML here; throwing stops it at the first error.
  parser.on('error', (error) => {
    throw new MalformedXmlError(error.message);
  });
  parser.on('doctype', () => {
    throw new MalformedXmlError('DOCTYPE declarations are not accepted');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth += 1;
    if (handler.open(localName(tag.name), tag.attributes) && textDepth === 0) {
      textDepth = depth;
      text = '';
      parser.on('text', collect);
    }
  });
  parser.on('closetag', () => {
    if (depth === textDepth) {
      parser.off('text');
      textDepth = 0;
      const collected = text;
      text = '';
      depth -= 1;
      handler.close(collected);
    } else {
      depth -= 1;
      handler.close('');
    }
  });

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
