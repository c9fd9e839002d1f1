/**
 * Upload limits and every upload message of spec §5 and §8, exactly as written there.
 * The browser checks a batch before sending and the server checks it again as the authority.
 */
import { formatNumber } from '../format.ts';

/**
 * Spec §9: 50 MB (52,428,800 bytes) per file, 10 files, .gpx/.fit/.tcx. Each format is also taken
 * gzip-compressed (.fit.gz, as Strava's and Garmin's exports hold them); the 50 MB then counts the
 * decompressed bytes.
 */
export const MAX_UPLOAD_FILES = 10;
export const MAX_UPLOAD_FILE_BYTES = 52_428_800;
export const ACTIVITY_FILE_FORMATS = ['gpx', 'fit', 'tcx'] as const;
export type ActivityFileFormat = (typeof ACTIVITY_FILE_FORMATS)[number];
export const GZIP_SUFFIX = '.gz';
export const SUPPORTED_EXTENSIONS = [
  ...ACTIVITY_FILE_FORMATS.map((format) => `.${format}`),
  ...ACTIVITY_FILE_FORMATS.map((format) => `.${format}${GZIP_SUFFIX}`),
];
/** The file picker's filter: browsers match one suffix only, so the compressed files are `.gz`. */
export const FILE_PICKER_ACCEPT = [...ACTIVITY_FILE_FORMATS.map((format) => `.${format}`), GZIP_SUFFIX].join(',');

export const UPLOAD_MESSAGES = {
  noFiles: 'No files selected',
  tooManyFiles: `Too many files. Maximum ${MAX_UPLOAD_FILES} files allowed`,
  /** N counts from 1 in the order the files were chosen. */
  fileTooLarge: (n: number) => `File ${n} is too large. Maximum size is 50MB`,
  unsupportedFormat: (n: number) => `File ${n} has unsupported format. Supported: ${SUPPORTED_EXTENSIONS.join(', ')}`,
  duplicateNames: (names: readonly string[]) => `Duplicate file names: ${names.join(', ')}`,
  /** A .gz file that does not decompress (damaged or cut short); the other files still import. */
  corruptGzip: (n: number) => `File ${n} could not be decompressed: it is not a complete gzip file.`,
  unsupported: 'Unsupported file format',
  parseActivity: 'Failed to parse activity data',
  saveFailed: (reason: string) => `Failed to save activity: ${reason}`,
  fetchUploadedFailed: (reason: string) => `Failed to fetch uploaded activities: ${reason}`,
  validationFailed: (reason: string) => `Validation failed: ${reason}`,
  alreadyImported: 'Already imported: this file is already in your activities.',
  /** A file of a batch with no time anywhere in it: it is dated by its upload. */
  datedByUpload: 'No time data in this file: it is dated by its upload.',
  /**
   * A file uploaded alone with no time anywhere in it and no start given (`startDateLocal`): not
   * imported; the upload dialog asks for the start and sends the file again with it.
   */
  needsDate: 'This file has no date or time in it. Enter when the activity started and upload it again.',
  /** `startDateLocal` sent with several files: it dates one file uploaded on its own. */
  dateForOneFile: 'startDateLocal: a start date goes with one file; upload the file without a date on its own.',
  /** `startDateLocal` after the upload's own time. */
  dateInFuture: 'startDateLocal: the start is in the future; enter when the activity started.',
  /** A file whose parsing outgrew the import worker's memory cap; the other files still import. */
  needsMoreMemory: 'This file needs more memory than Stride allows for one activity.',
  /** A file whose parsing outlasted the per-file time budget. */
  needsMoreTime: 'This file needs more time than Stride allows for one activity.',
} as const;

/** The upload dialog's question for a file without any date uploaded alone (UPLOAD_MESSAGES.needsDate). */
export const UPLOAD_DATE_TEXTS = {
  prompt: 'When did this activity start?',
  date: 'Date',
  time: 'Start time',
  submit: 'Upload with this date',
} as const;

/** "swim", "swim and run", "swim, ride and run". */
function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) as string}`;
}

/**
 * Said on the upload of a multisport file, which becomes one activity per leg: "Imported as 3
 * activities: swim, ride and run." The types are the legs' in order.
 */
export function importedLegsMessage(types: readonly string[]): string {
  return `Imported as ${types.length} activities: ${listWords(types)}.`;
}

/**
 * Stride's own upload limits (beyond spec §5): they keep one user from taking the server's time,
 * memory or disk. Each answer is a 429 (408 for a stalled body) with one of these sentences.
 */
/**
 * The least a body must bring in each idle-timeout window to count as moving: a body trickled a
 * byte at a time (one every 20 s) would otherwise stay open for ever.
 */
export const UPLOAD_MIN_PROGRESS_BYTES = 1024;

export const UPLOAD_LIMIT_MESSAGES = {
  filesPerMinute: (limit: number) =>
    `Too many files uploaded in the last minute. Stride takes up to ${limit} files a minute; please wait a minute and try again.`,
  bytesPerHour: (limitBytes: number) =>
    `Upload limit reached: Stride takes up to ${formatMegabytes(limitBytes)} of files an hour. Please try again later.`,
  concurrent: (limit: number) =>
    `You already have ${limit} ${limit === 1 ? 'upload' : 'uploads'} in progress. Please wait for ${limit === 1 ? 'it' : 'one'} to finish, then try again.`,
  stalled: (seconds: number) =>
    `The upload stopped: no data arrived for ${seconds} seconds. Please check your connection and try again.`,
  tooSlow: (seconds: number) =>
    `The upload is too slow: less than ${UPLOAD_MIN_PROGRESS_BYTES / 1024} KB arrived in ${seconds} seconds. Please check your connection and try again.`,
} as const;

function formatMegabytes(bytes: number): string {
  return `${formatNumber(Math.round(bytes / (1024 * 1024)))} MB`;
}

/** Stored original file names are cut to this many characters (the extension is kept). */
export const MAX_UPLOAD_FILENAME_LENGTH = 255;

/** A file name as stored: at most {@link MAX_UPLOAD_FILENAME_LENGTH} characters, its extension kept. */
export function storedFileName(name: string): string {
  const characters = [...name];
  if (characters.length <= MAX_UPLOAD_FILENAME_LENGTH) {
    return name;
  }
  const extension = name.match(/\.[A-Za-z0-9]{1,8}$/)?.[0] ?? '';
  return characters.slice(0, MAX_UPLOAD_FILENAME_LENGTH - extension.length).join('') + extension;
}

/** Spec §5 "GPX file" (single-file checks). */
export const GPX_FILE_MESSAGES = {
  extension: 'File must have .gpx extension',
  size: 'File size must be less than 50MB',
  type: 'Invalid file type',
} as const;

/** Spec §5 "GPX content"; TCX and FIT get the same sentences with their own name. */
export const GPX_CONTENT_MESSAGES = {
  invalidFormat: 'Invalid GPX file format',
  noTrackSegments: 'No track segments found in GPX file',
  noTracksOrRoutes: 'No tracks or routes found in GPX file',
  noValidPoints: 'No valid track points found in GPX file',
} as const;

export const TCX_CONTENT_MESSAGES = {
  invalidFormat: 'Invalid TCX file format',
  noActivities: 'No activities or courses found in TCX file',
  noValidPoints: 'No valid track points found in TCX file',
} as const;

export const FIT_CONTENT_MESSAGES = {
  invalidFormat: 'Invalid FIT file format',
  noValidPoints: 'No valid track points found in FIT file',
} as const;

/** Spec §8: "Failed to parse GPX file: ..." — and likewise for TCX and FIT. */
export function parseFailureMessage(format: ActivityFileFormat, reason: string): string {
  return `Failed to parse ${format.toUpperCase()} file: ${reason}`;
}

/** A file that cannot be imported; `message` is the full sentence shown to the user. */
export class ActivityFileError extends Error {
  constructor(
    readonly format: ActivityFileFormat,
    readonly reason: string,
  ) {
    super(parseFailureMessage(format, reason));
    this.name = 'ActivityFileError';
  }
}

export function fileFormatOf(filename: string): ActivityFileFormat | undefined {
  const extension = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ACTIVITY_FILE_FORMATS.find((format) => format === extension);
}

export interface UploadFileKind {
  format: ActivityFileFormat;
  /** The bytes are gzip-compressed and the server decompresses them as they arrive. */
  gzipped: boolean;
  /** The name of the file inside: "run.fit" for "run.fit.gz". */
  innerName: string;
}

/** What an uploaded file holds, from its name: a supported format, plain or gzipped, or undefined. */
export function uploadFileKind(filename: string): UploadFileKind | undefined {
  const gzipped = filename.toLowerCase().endsWith(GZIP_SUFFIX);
  const innerName = gzipped ? filename.slice(0, -GZIP_SUFFIX.length) : filename;
  const format = fileFormatOf(innerName);
  return format === undefined ? undefined : { format, gzipped, innerName };
}

export interface UploadCandidate {
  name: string;
  size: number;
  /** The browser's MIME type when it knows one (File.type); the server's multipart types are not trusted. */
  type?: string | undefined;
}

export interface BatchCheck {
  /** The first problem that rejects the whole batch, or undefined. */
  error: string | undefined;
  warnings: string[];
  /**
   * Files of an unsupported format, by 0-based position, with the spec's sentence for each: such a
   * file fails on its own row and the rest of the batch still uploads.
   */
  unsupported: ReadonlyMap<number, string>;
}

/**
 * Spec §5 "Multi-file upload", in the spec's order: count, then each file's size and extension.
 * The size of a gzipped file is checked here as sent; the server checks it again decompressed.
 */
export function checkUploadBatch(files: readonly UploadCandidate[]): BatchCheck {
  const warnings: string[] = [];
  const seen = new Map<string, number>();
  for (const file of files) {
    seen.set(file.name, (seen.get(file.name) ?? 0) + 1);
  }
  const duplicates = [...seen].filter(([, count]) => count > 1).map(([name]) => name);
  if (duplicates.length > 0) {
    warnings.push(UPLOAD_MESSAGES.duplicateNames(duplicates));
  }
  const unsupported = new Map<number, string>();
  if (files.length === 0) {
    return { error: UPLOAD_MESSAGES.noFiles, warnings, unsupported };
  }
  if (files.length > MAX_UPLOAD_FILES) {
    return { error: UPLOAD_MESSAGES.tooManyFiles, warnings, unsupported };
  }
  for (const [index, file] of files.entries()) {
    if (file.size > MAX_UPLOAD_FILE_BYTES) {
      return { error: UPLOAD_MESSAGES.fileTooLarge(index + 1), warnings, unsupported };
    }
    const kind = uploadFileKind(file.name);
    if (kind === undefined) {
      unsupported.set(index, UPLOAD_MESSAGES.unsupportedFormat(index + 1));
      continue;
    }
    // A compressed file's type is gzip's, not the GPX's inside it.
    const gpxProblem = kind.format === 'gpx' && !kind.gzipped ? checkGpxFile(file) : undefined;
    if (gpxProblem !== undefined) {
      return { error: gpxProblem, warnings, unsupported };
    }
  }
  return { error: undefined, warnings, unsupported };
}

/** Spec §5 "GPX file": the single-file checks of a GPX upload. */
export function checkGpxFile(file: UploadCandidate): string | undefined {
  if (!file.name.toLowerCase().endsWith('.gpx')) {
    return GPX_FILE_MESSAGES.extension;
  }
  if (file.size >= MAX_UPLOAD_FILE_BYTES) {
    return GPX_FILE_MESSAGES.size;
  }
  if (file.type && !/xml|gpx/i.test(file.type)) {
    return GPX_FILE_MESSAGES.type;
  }
  return undefined;
}
