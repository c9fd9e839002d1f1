/**
 * One entry point for every supported upload format (spec §9: .gpx, .fit, .tcx): the caller picks
 * the format from the file name (upload-rules.ts fileFormatOf) and streams the bytes in.
 */
import { createFitParser } from './fit-parser.ts';
import { createGpxParser } from './gpx-parser.ts';
import type { ActivityFileParser, ParsedActivity } from './parsed.ts';
import { createTcxParser } from './tcx-parser.ts';
import type { ActivityFileFormat } from './upload-rules.ts';

export function createActivityFileParser(format: ActivityFileFormat): ActivityFileParser {
  switch (format) {
    case 'gpx':
      return createGpxParser();
    case 'tcx':
      return createTcxParser();
    case 'fit':
      return createFitParser();
  }
}

/** Parses a file already in memory (tests, exports, small files). */
export function parseActivityFile(format: ActivityFileFormat, bytes: Uint8Array): ParsedActivity {
  const parser = createActivityFileParser(format);
  parser.write(bytes);
  return parser.finish();
}
