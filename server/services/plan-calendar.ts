/** A training plan's private iCalendar feed (spec §7): the token in its URL is the key. */
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { DEFAULT_UNIT_SYSTEM } from '../../core/unit-system.ts';
import { ICALENDAR_CONTENT_TYPE, planToICalendar } from '../../core/training/icalendar.ts';
import { findPlanByCalendarToken, unitSystemOf } from '../db/training-plan-repository.ts';
import { notFound } from '../errors.ts';
import type { TrainingContext } from './goal-service.ts';
import { goalTitleOf } from './training-plan-service.ts';

/** The private feed: the plan whose token this is, as an .ics file in its runner's units. */
export async function calendarFeed(
  context: TrainingContext,
  token: string,
): Promise<{ contentType: string; filename: string; body: string }> {
  const plan = await findPlanByCalendarToken(context.db, token);
  if (!plan) {
    throw notFound(NOT_FOUND_MESSAGES.plan);
  }
  const units = (await unitSystemOf(context.db, plan.userId)) ?? DEFAULT_UNIT_SYSTEM;
  return {
    contentType: ICALENDAR_CONTENT_TYPE,
    filename: `stride-${plan.schedule.race}-plan.ics`,
    body: planToICalendar(plan.schedule, {
      planId: plan.id,
      calendarName: `Stride: ${goalTitleOf(plan)}`,
      units,
      generatedAtMs: context.clock.now(),
    }),
  };
}
