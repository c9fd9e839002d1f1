import { describe, expect, it } from 'vitest';
import {
  ActivityFileError,
  checkGpxFile,
  checkUploadBatch,
  FILE_PICKER_ACCEPT,
  fileFormatOf,
  GPX_FILE_MESSAGES,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILENAME_LENGTH,
  parseFailureMessage,
  storedFileName,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_MESSAGES,
  uploadFileKind,
} from './upload-rules.ts';

const gpx = (name = 'run.gpx', size = 1000, type?: string) => ({ name, size, type });

describe('checkUploadBatch (spec §5 "Multi-file upload")', () => {
  it('needs at least one file', () => {
    expect(checkUploadBatch([]).error).toBe('No files selected');
  });

  it('takes 10 files and refuses 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => gpx(`run-${i}.gpx`));
    expect(checkUploadBatch(ten).error).toBeUndefined();
    expect(checkUploadBatch([...ten, gpx('run-10.gpx')]).error).toBe('Too many files. Maximum 10 files allowed');
  });

  it('takes a file of exactly 50 MB and refuses one byte more, naming the file by position', () => {
    expect(checkUploadBatch([{ name: 'a.fit', size: MAX_UPLOAD_FILE_BYTES }]).error).toBeUndefined();
    expect(checkUploadBatch([gpx(), { name: 'b.fit', size: MAX_UPLOAD_FILE_BYTES + 1 }]).error).toBe(
      'File 2 is too large. Maximum size is 50MB',
    );
  });

  it('accepts .gpx, .fit and .tcx, plain or gzipped, in any case', () => {
    const check = checkUploadBatch([
      gpx('A.GPX'),
      gpx('b.Fit'),
      gpx('c.tcx'),
      gpx('d.fit.gz', 10, 'application/gzip'),
      gpx('e.GPX.GZ', 10, 'application/gzip'),
      gpx('f.tcx.gz'),
    ]);
    expect(check).toEqual({ error: undefined, warnings: [], unsupported: new Map() });
  });

  it('marks an unsupported file by position with the spec sentence and lets the rest of the batch through', () => {
    const check = checkUploadBatch([gpx(), gpx('notes.txt'), gpx(), gpx('archive.zip.gz'), gpx('gpx')]);
    expect(check.error).toBeUndefined();
    expect([...check.unsupported]).toEqual([
      [1, 'File 2 has unsupported format. Supported: .gpx, .fit, .tcx, .gpx.gz, .fit.gz, .tcx.gz'],
      [3, UPLOAD_MESSAGES.unsupportedFormat(4)],
      [4, UPLOAD_MESSAGES.unsupportedFormat(5)],
    ]);
  });

  it('only warns about duplicate file names', () => {
    const result = checkUploadBatch([gpx('same.gpx'), gpx('same.gpx'), gpx('other.gpx')]);
    expect(result).toEqual({ error: undefined, warnings: ['Duplicate file names: same.gpx'], unsupported: new Map() });
  });

  it('applies the single-GPX checks to GPX files in a batch', () => {
    expect(checkUploadBatch([gpx('run.gpx', 10, 'image/png')]).error).toBe('Invalid file type');
    expect(checkUploadBatch([{ name: 'ride.fit', size: 10, type: 'image/png' }]).error).toBeUndefined();
  });
});

describe('uploadFileKind', () => {
  it('reads the format and whether it is gzipped from the name', () => {
    expect(uploadFileKind('Morning.fit.gz')).toEqual({ format: 'fit', gzipped: true, innerName: 'Morning.fit' });
    expect(uploadFileKind('lake.GPX')).toEqual({ format: 'gpx', gzipped: false, innerName: 'lake.GPX' });
    expect(uploadFileKind('notes.gz')).toBeUndefined();
    expect(uploadFileKind('notes.txt')).toBeUndefined();
  });

  it('lets the picker offer the three formats and gzip', () => {
    expect(FILE_PICKER_ACCEPT).toBe('.gpx,.fit,.tcx,.gz');
  });
});

describe('checkGpxFile (spec §5 "GPX file")', () => {
  it('must end in .gpx', () => {
    expect(checkGpxFile(gpx('run.tcx'))).toBe('File must have .gpx extension');
  });

  it('must be smaller than 50 MB', () => {
    expect(checkGpxFile(gpx('run.gpx', MAX_UPLOAD_FILE_BYTES - 1))).toBeUndefined();
    expect(checkGpxFile(gpx('run.gpx', MAX_UPLOAD_FILE_BYTES))).toBe('File size must be less than 50MB');
  });

  it('checks the type only when one is given, which must mention xml or gpx', () => {
    expect(checkGpxFile(gpx('run.gpx', 10, ''))).toBeUndefined();
    expect(checkGpxFile(gpx('run.gpx', 10, 'application/gpx+xml'))).toBeUndefined();
    expect(checkGpxFile(gpx('run.gpx', 10, 'text/xml'))).toBeUndefined();
    expect(checkGpxFile(gpx('run.gpx', 10, 'application/octet-stream'))).toBe(GPX_FILE_MESSAGES.type);
  });
});

describe('messages', () => {
  it('wraps parse failures as spec §8 "Failed to parse GPX file: ..."', () => {
    expect(parseFailureMessage('gpx', 'Invalid GPX file format')).toBe(
      'Failed to parse GPX file: Invalid GPX file format',
    );
    expect(new ActivityFileError('fit', 'Invalid FIT file format').message).toBe(
      'Failed to parse FIT file: Invalid FIT file format',
    );
  });

  it('knows formats by extension only', () => {
    expect(fileFormatOf('Morning Run.GPX')).toBe('gpx');
    expect(fileFormatOf('archive.gpx.zip')).toBeUndefined();
  });
});

describe('storedFileName', () => {
  it('keeps a name of up to 255 characters as it is, UTF-8 included', () => {
    expect(storedFileName('Škofja Loka.gpx')).toBe('Škofja Loka.gpx');
    const exact = `${'a'.repeat(MAX_UPLOAD_FILENAME_LENGTH - 4)}.fit`;
    expect(storedFileName(exact)).toBe(exact);
  });

  it('cuts a longer name to 255 characters (not bytes or UTF-16 units), keeping the extension', () => {
    const stored = storedFileName(`${'🏃'.repeat(300)}.tcx`);
    expect([...stored]).toHaveLength(MAX_UPLOAD_FILENAME_LENGTH);
    expect(stored.endsWith('🏃.tcx')).toBe(true);
    expect(storedFileName('x'.repeat(300))).toBe('x'.repeat(MAX_UPLOAD_FILENAME_LENGTH));
  });
});

describe('upload limit messages', () => {
  it('say the limit in words', () => {
    expect(UPLOAD_LIMIT_MESSAGES.filesPerMinute(30)).toBe(
      'Too many files uploaded in the last minute. Stride takes up to 30 files a minute; please wait a minute and try again.',
    );
    expect(UPLOAD_LIMIT_MESSAGES.bytesPerHour(1024 ** 3)).toBe(
      'Upload limit reached: Stride takes up to 1,024 MB of files an hour. Please try again later.',
    );
    expect(UPLOAD_LIMIT_MESSAGES.concurrent(2)).toBe(
      'You already have 2 uploads in progress. Please wait for one to finish, then try again.',
    );
    expect(UPLOAD_LIMIT_MESSAGES.concurrent(1)).toBe(
      'You already have 1 upload in progress. Please wait for it to finish, then try again.',
    );
    expect(UPLOAD_LIMIT_MESSAGES.stalled(30)).toBe(
      'The upload stopped: no data arrived for 30 seconds. Please check your connection and try again.',
    );
  });
});
