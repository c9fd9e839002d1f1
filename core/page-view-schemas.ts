/** The page views' request and answer shapes (POST /api/analytics/page-views, the most visited screens); page-views.ts holds their rules. */
import { z } from 'zod';
import { PAGE_VIEW_BATCH_SIZE, PAGE_VIEW_MESSAGES, PAGE_VIEW_PATTERNS } from './page-views.ts';

export const pageViewBatchSchema = z
  .object({
    views: z
      .array(z.enum(PAGE_VIEW_PATTERNS, { error: PAGE_VIEW_MESSAGES.unknownScreen }))
      .min(1, { error: PAGE_VIEW_MESSAGES.emptyBatch })
      .max(PAGE_VIEW_BATCH_SIZE, { error: PAGE_VIEW_MESSAGES.tooMany }),
  })
  .strict();

export const pageViewReceiptSchema = z.object({ counted: z.number().int() });

export const mostVisitedScreensSchema = z.object({
  screens: z.array(z.object({ path: z.string(), count: z.number().int() })),
});

export type PageViewBatch = z.infer<typeof pageViewBatchSchema>;
export type MostVisitedScreens = z.infer<typeof mostVisitedScreensSchema>;
