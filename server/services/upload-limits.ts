/**
 * Per-user upload limits: how many uploads one user may have in flight on this app server, and how
 * many files a minute and bytes an hour they may send. The rates are counted in the database
 * (upload_usage) so they hold across app servers; the in-flight count is this server's own, which
 * with the idle timeout bounds how long one user can hold its connections and spool.
 */
import { UPLOAD_LIMIT_MESSAGES } from '../../core/activity/upload-rules.ts';
import type { Clock } from '../clock.ts';
import type { UploadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { findRecentUploadUsage, recordUploadUsage } from '../db/upload-usage-repository.ts';
import { tooMany } from '../errors.ts';

export interface UploadLimits {
  /**
   * Before the body is read: refuses a user already at their in-flight or rate limit (429).
   * Returns the release of the in-flight slot.
   */
  admit(userId: string): Promise<() => void>;
  /** After the body: the batch must fit what is left of both windows; then it is counted. */
  accept(userId: string, files: number, bytes: number): Promise<void>;
}

export function createUploadLimits(db: Db, limits: UploadConfig, clock: Clock): UploadLimits {
  const inFlight = new Map<string, number>();

  const release = (userId: string) => {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) {
      inFlight.set(userId, left);
    } else {
      inFlight.delete(userId);
    }
  };

  return {
    async admit(userId) {
      const current = inFlight.get(userId) ?? 0;
      if (current >= limits.concurrentPerUser) {
        throw tooMany(UPLOAD_LIMIT_MESSAGES.concurrent(limits.concurrentPerUser));
      }
      inFlight.set(userId, current + 1);
      let released = false;
      const releaseOnce = () => {
        if (!released) {
          released = true;
          release(userId);
        }
      };
      try {
        const usage = await findRecentUploadUsage(db, userId, new Date(clock.now()));
        if (usage.filesLastMinute >= limits.filesPerMinute) {
          throw tooMany(UPLOAD_LIMIT_MESSAGES.filesPerMinute(limits.filesPerMinute));
        }
        if (usage.bytesLastHour >= limits.bytesPerHour) {
          throw tooMany(UPLOAD_LIMIT_MESSAGES.bytesPerHour(limits.bytesPerHour));
        }
      } catch (error) {
        releaseOnce();
        throw error;
      }
      return releaseOnce;
    },
    async accept(userId, files, bytes) {
      const usage = await findRecentUploadUsage(db, userId, new Date(clock.now()));
      if (usage.filesLastMinute + files > limits.filesPerMinute) {
        throw tooMany(UPLOAD_LIMIT_MESSAGES.filesPerMinute(limits.filesPerMinute));
      }
      if (usage.bytesLastHour + bytes > limits.bytesPerHour) {
        throw tooMany(UPLOAD_LIMIT_MESSAGES.bytesPerHour(limits.bytesPerHour));
      }
      await recordUploadUsage(db, userId, files, bytes, new Date(clock.now()));
    },
  };
}
