/**
 * What the streaming XML activity readers (GPX, TCX) share: the frame that feeds bytes to the XML
 * stream and turns malformed XML into the format's "Invalid … file format" refusal, the reset of
 * the reused point, and element text as a name.
 */
import type { ActivityFileParser, ParsedActivity } from './parsed.ts';
import type { TrackPointInput } from './track.ts';
import { ActivityFileError } from './upload-rules.ts';
import { guardMalformed, type XmlStream } from './xml-stream.ts';

/** An element's text trimmed, or null when nothing is left. */
export function cleanText(text: string | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Clears the point a reader reuses for every point it reads (no allocation per point). */
export function clearPoint(point: TrackPointInput): void {
  point.lat = Number.NaN;
  point.lon = Number.NaN;
  point.time = Number.NaN;
  point.elevation = Number.NaN;
  point.distance = Number.NaN;
  point.heartRate = Number.NaN;
  point.cadence = Number.NaN;
}

export interface XmlActivityReader {
  format: 'gpx' | 'tcx';
  /** The format's "Invalid … file format" message. */
  invalidFormat: string;
  xml: XmlStream;
  /** Whether the document's root element was the format's own. */
  rootSeen(): boolean;
  /** The activity from what was read, once the document ended well-formed with its own root. */
  finish(): ParsedActivity;
}

/** A parser over a reader: malformed XML, or a document without the format's root, is refused. */
export function xmlActivityParser(reader: XmlActivityReader): ActivityFileParser {
  const invalidFormat = () => new ActivityFileError(reader.format, reader.invalidFormat);
  const guard = (step: () => void) => guardMalformed(step, invalidFormat);
  return {
    write(chunk) {
      guard(() => reader.xml.write(chunk));
    },
    finish(): ParsedActivity {
      guard(() => reader.xml.close());
      if (!reader.rootSeen()) {
        throw invalidFormat();
      }
      return reader.finish();
    },
  };
}
