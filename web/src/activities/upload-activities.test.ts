import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_WRITE_REFUSED } from '../../../core/offline.ts';
import { NdjsonReader, sentFractions, uploadActivityFiles } from './upload-activities.ts';

function collect(): { reader: NdjsonReader; lines: string[] } {
  const lines: string[] = [];
  return { reader: new NdjsonReader((line) => lines.push(line)), lines };
}

describe('NdjsonReader', () => {
  it('hands on each complete line once as the text grows, and keeps an unfinished tail waiting', () => {
    const { reader, lines } = collect();

    reader.read('{"a":1}\n{"b"');
    expect(lines).toEqual(['{"a":1}']);

    reader.read('{"a":1}\n{"b":2}\n{"c":');
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);

    reader.read('{"a":1}\n{"b":2}\n{"c":3}\n');
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('skips blank lines', () => {
    const { reader, lines } = collect();

    reader.read('\n{"a":1}\n   \n\n{"b":2}\n');

    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('hands on a last line without a newline only when the answer is final', () => {
    const { reader, lines } = collect();

    reader.read('{"a":1}\n{"b":2}');
    expect(lines).toEqual(['{"a":1}']);

    reader.read('{"a":1}\n{"b":2}', true);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);

    // Reading the same final text again gives nothing twice.
    reader.read('{"a":1}\n{"b":2}', true);
    expect(lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('hands on nothing for an empty final answer', () => {
    const { reader, lines } = collect();

    reader.read('', true);

    expect(lines).toEqual([]);
  });
});

describe('sentFractions', () => {
  const sizes = (...values: number[]) => values.map((size) => ({ size }));

  it('is nothing sent before the first progress event and for an empty body', () => {
    expect(sentFractions(sizes(100, 300), undefined)).toEqual([0, 0]);
    expect(sentFractions(sizes(100, 300), { loaded: 0, total: 0 })).toEqual([0, 0]);
  });

  it('fills the files in order, scaling the request bytes (with their framing) onto the files', () => {
    // 1000 request bytes carry 400 file bytes: half the request is 200 file bytes.
    expect(sentFractions(sizes(100, 300), { loaded: 500, total: 1000 })).toEqual([1, 1 / 3]);
    expect(sentFractions(sizes(100, 300), { loaded: 125, total: 1000 })).toEqual([0.5, 0]);
    expect(sentFractions(sizes(100, 300), { loaded: 1000, total: 1000 })).toEqual([1, 1]);
  });

  it('counts an empty file as sent once the files before it are', () => {
    expect(sentFractions(sizes(100, 0, 300), { loaded: 50, total: 400 })).toEqual([0.5, 0, 0]);
    expect(sentFractions(sizes(100, 0, 300), { loaded: 100, total: 400 })).toEqual([1, 1, 0]);
    expect(sentFractions(sizes(0), { loaded: 10, total: 10 })).toEqual([1]);
  });

  it('never goes past 1 nor below 0', () => {
    expect(sentFractions(sizes(100, 100), { loaded: 1500, total: 1000 })).toEqual([1, 1]);
  });
});

describe('uploading while offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is refused with the sentence at once, and no request is opened', async () => {
    let opened = 0;
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        constructor() {
          opened += 1;
        }
      },
    );
    const events: unknown[] = [];
    const upload = uploadActivityFiles([new File(['<gpx/>'], 'run.gpx')], 'UTC', {
      onEvent: (event) => events.push(event),
      onBytes: () => undefined,
    });
    await expect(upload.done).rejects.toThrow(OFFLINE_WRITE_REFUSED);
    expect(opened).toBe(0);
    expect(events).toEqual([]);
  });
});
