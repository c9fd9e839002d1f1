import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-body.ts';
import { unsubscribeFooter } from './mail-preferences.ts';
import { dueReportWeek, formatReportDay, weeklyReportContent } from './weekly-report.ts';

describe('dueReportWeek', () => {
  // Monday 30 November 2026; Ljubljana is UTC+1 then.
  it('is due on Monday from 07:00 local until that Monday ends, for the Monday–Sunday before', () => {
    const week = { weekStart: '2026-11-23', weekEnd: '2026-11-29', nextWeekStart: '2026-11-30' };
    expect(dueReportWeek(Date.UTC(2026, 10, 30, 5, 59, 59), 'Europe/Ljubljana')).toBeNull();
    expect(dueReportWeek(Date.UTC(2026, 10, 30, 6, 0, 0), 'Europe/Ljubljana')).toEqual(week);
    expect(dueReportWeek(Date.UTC(2026, 10, 30, 22, 59, 59), 'Europe/Ljubljana')).toEqual(week);
    expect(dueReportWeek(Date.UTC(2026, 10, 30, 23, 0, 0), 'Europe/Ljubljana')).toBeNull();
  });

  it('follows the runner’s zone: 07:00 Monday in Auckland is Sunday evening in UTC', () => {
    expect(dueReportWeek(Date.UTC(2026, 10, 29, 18, 0, 0), 'Pacific/Auckland')).toEqual({
      weekStart: '2026-11-23',
      weekEnd: '2026-11-29',
      nextWeekStart: '2026-11-30',
    });
    expect(dueReportWeek(Date.UTC(2026, 10, 29, 18, 0, 0), 'UTC')).toBeNull();
  });

  it('is never due on another weekday', () => {
    for (let day = 1; day <= 6; day += 1) {
      expect(dueReportWeek(Date.UTC(2026, 11, day, 9, 0, 0), 'UTC')).toBeNull();
    }
  });
});

describe('the weekly report text', () => {
  it('names a week without activities or plan in two sections, with the unsubscribe footer', () => {
    const content = weeklyReportContent(
      {
        week: { weekStart: '2026-11-23', weekEnd: '2026-11-29', nextWeekStart: '2026-11-30' },
        sports: [],
        plan: null,
        personalBests: [],
        medals: [],
      },
      'imperial',
      'https://stride.example',
    );
    const mail = renderMail(content, 'weeklyReport', 'https://stride.example/api/mail/unsubscribe?token=t');
    expect(mail.subject).toBe('Your Stride week: Mon 23 Nov – Sun 29 Nov');
    expect(mail.text).toBe(
      'Here is your week from Mon 23 Nov to Sun 29 Nov.\n\n' +
        'Distance and time\nNo activities this week.\n\n' +
        'Open Stride: https://stride.example/dashboard\n\n' +
        `--\n${unsubscribeFooter('weeklyReport')}\nhttps://stride.example/api/mail/unsubscribe?token=t\n`,
    );
  });

  it('shows runs in the runner’s units and escapes what goes into HTML', () => {
    const content = weeklyReportContent(
      {
        week: { weekStart: '2026-11-23', weekEnd: '2026-11-29', nextWeekStart: '2026-11-30' },
        sports: [{ type: 'run', activities: 1, distance: 1609.34, elevation: 0, duration: 600 }],
        plan: null,
        personalBests: [],
        medals: [{ title: '<First>', description: 'A & B' }],
      },
      'imperial',
      'https://stride.example',
    );
    const mail = renderMail(content, 'weeklyReport', 'https://stride.example/u');
    expect(mail.text).toContain('Distance and time\n1 run: 1.00 mi in 10:00\n\nMedals earned\n<First>: A & B\n');
    expect(mail.html).toContain('<li>&lt;First&gt;: A &amp; B</li>');
    expect(formatReportDay('2026-12-06')).toBe('Sun 6 Dec');
  });
});
