/** The "activities changed" seam on its own: which registered reactions follow which change. */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/db.ts';
import type { EventHub } from '../events/event-hub.ts';
import { fixedClock } from '../test-support/clock.ts';
import { createServiceContext, type ActivityReaction } from './service-context.ts';

function seam() {
  const context = createServiceContext({
    db: {} as Db,
    events: {} as EventHub,
    logger: pino({ level: 'silent' }),
    clock: fixedClock(0),
  });
  const ran: string[] = [];
  const reaction = (name: string, marks: Partial<ActivityReaction> = {}): ActivityReaction => ({
    name,
    ...marks,
    run: () => {
      ran.push(name);
      return Promise.resolve();
    },
  });
  context.changes.register(reaction('medals'));
  context.changes.register(reaction('sync totals', { duringSync: true }));
  context.changes.register(reaction('read cache', { duringSync: true, followsTexts: true }));
  return { context, ran };
}

describe('the "activities changed" seam', () => {
  it('runs only the reactions that show texts after a change of texts alone', async () => {
    const { context, ran } = seam();
    await context.changes.changed({ userId: 'u1', source: 'edit', updated: ['a1'], textsOnly: true });
    expect(ran).toEqual(['read cache']);
  });

  it('runs every reaction after a change of figures, and the sync ones after a page of a sync', async () => {
    const { context, ran } = seam();
    await context.changes.changed({ userId: 'u1', source: 'edit', updated: ['a1'], textsOnly: false });
    await context.changes.changed({ userId: 'u1', source: 'strava-sync', partial: true });
    expect(ran).toEqual(['medals', 'sync totals', 'read cache', 'sync totals', 'read cache']);
  });
});
