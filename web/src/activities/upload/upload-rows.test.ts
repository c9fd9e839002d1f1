import { describe, expect, it } from 'vitest';
import {
  applyFileEvent,
  failUnfinished,
  INTERRUPTED_MESSAGE,
  interruptUnfinished,
  markUnsupported,
  rowOf,
  rowProgress,
  sendingPercent,
  sentPositions,
  stateLabel,
  summaryText,
  type FileRow,
} from './upload-rows.ts';

const file = (name: string) => new File(['x'], name);

describe('upload rows', () => {
  it('keep a file the server asks a date for, until it is sent again', () => {
    const rows = [rowOf(file('route.gpx'))];
    const asked = applyFileEvent(rows, {
      kind: 'file',
      index: 0,
      name: 'route.gpx',
      state: 'error',
      message: 'No date.',
      needsDate: true,
    });
    expect(asked[0]).toMatchObject({ state: 'error', needsDate: true, message: 'No date.' });
    expect(applyFileEvent(asked, { kind: 'file', index: 0, name: 'route.gpx', state: 'parsing' })[0]?.needsDate).toBe(
      true,
    );
    expect(rowOf(file('route.gpx')).needsDate).toBe(false);
  });

  it('follow a file event and keep what the event leaves out', () => {
    const rows = [rowOf(file('a.gpx')), rowOf(file('b.fit'))];
    const parsing = applyFileEvent(rows, { kind: 'file', index: 1, name: 'b.fit', state: 'parsing', progress: 0.5 });
    expect(parsing[0]).toBe(rows[0]);
    expect(parsing[1]).toMatchObject({ state: 'parsing', progress: 0.5 });

    const done = applyFileEvent(parsing, {
      kind: 'file',
      index: 1,
      name: 'b.fit',
      state: 'complete',
      activityId: 'x1',
    });
    const noted = applyFileEvent(done, {
      kind: 'file',
      index: 1,
      name: 'b.fit',
      state: 'complete',
      message: 'Ends early.',
    });
    expect(noted[1]).toMatchObject({
      state: 'complete',
      activityId: 'x1',
      message: 'Ends early.',
      progress: undefined,
    });
  });

  it('label each state, a duplicate as already imported', () => {
    const row = rowOf(file('a.gpx'));
    expect(stateLabel(row)).toBe('Queued');
    expect(stateLabel(row, true)).toBe('Ready');
    expect(stateLabel({ ...row, state: 'error' }, true)).toBe('Error');
    expect(stateLabel({ ...row, state: 'saving' })).toBe('Saving');
    expect(stateLabel({ ...row, state: 'complete' })).toBe('Complete');
    expect(stateLabel({ ...row, state: 'complete', duplicate: true })).toBe('Already imported');
    expect(stateLabel({ ...row, state: 'error' })).toBe('Error');
  });

  it('fail an unsupported file on its own row and send only the others', () => {
    const rows = [rowOf(file('a.gpx')), rowOf(file('notes.txt')), rowOf(file('c.fit.gz'))];
    const unsupported = new Map([[1, 'File 2 has unsupported format. Supported: .gpx']]);
    const shown = markUnsupported(rows, unsupported);
    expect(shown[0]).toBe(rows[0]);
    expect(shown[1]).toMatchObject({ state: 'error', message: 'File 2 has unsupported format. Supported: .gpx' });
    expect(stateLabel(shown[1] as FileRow, true)).toBe('Error');
    expect(sentPositions(3, unsupported)).toEqual([0, 2]);
    expect(sentPositions(2, new Map())).toEqual([0, 1]);
  });

  it('turn files the server never finished into errors when the answer ends', () => {
    const rows = [
      { ...rowOf(file('a.gpx')), state: 'complete' as const },
      { ...rowOf(file('b.gpx')), state: 'parsing' as const, progress: 0.3 },
    ];
    const ended = interruptUnfinished(rows);
    expect(ended[0]).toBe(rows[0]);
    expect(ended[1]).toMatchObject({ state: 'error', progress: undefined, message: INTERRUPTED_MESSAGE });
  });

  it('keep the failure on each unfinished file once the retries are spent, and let it be tried again', () => {
    const rows = [
      { ...rowOf(file('a.gpx')), state: 'complete' as const },
      { ...rowOf(file('b.gpx')), state: 'queued' as const },
    ];
    const failed = failUnfinished(rows, 'Service unavailable');
    expect(failed[0]).toBe(rows[0]);
    expect(failed[1]).toMatchObject({ state: 'error', message: 'Service unavailable', retryable: true });
    expect(rowOf(file('c.gpx')).retryable).toBe(false);
  });

  it('show the sent share while queued, the server fraction while working, full when final', () => {
    const row = rowOf(file('a.gpx'));
    expect(rowProgress(row, 0.25)).toEqual({ variant: 'determinate', value: 25 });
    expect(rowProgress({ ...row, state: 'parsing' }, 1)).toEqual({ variant: 'indeterminate', value: 0 });
    expect(rowProgress({ ...row, state: 'saving', progress: 0.5 }, 1)).toEqual({ variant: 'determinate', value: 50 });
    expect(rowProgress({ ...row, state: 'error' }, 0)).toEqual({ variant: 'determinate', value: 100 });
  });

  it('count only what is not zero in the summary', () => {
    expect(summaryText({ imported: 2, duplicates: 0, failed: 1 })).toBe('2 imported, 1 failed.');
    expect(summaryText({ imported: 0, duplicates: 3, failed: 0 })).toBe('3 already imported.');
    expect(summaryText({ imported: 0, duplicates: 0, failed: 0 })).toBe('Nothing was imported.');
  });

  it('give the share of the whole body sent', () => {
    expect(sendingPercent(undefined)).toBe(0);
    expect(sendingPercent({ loaded: 0, total: 0 })).toBe(0);
    expect(sendingPercent({ loaded: 30, total: 120 })).toBe(25);
  });
});
