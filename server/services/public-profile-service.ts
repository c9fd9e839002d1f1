/**
 * The public profile (/{username}) and what the runner decides it shares (core/profile-privacy.ts):
 * on or off, the location shown or not, and the privacy zones cut out of every map it shows.
 *
 * Off, the profile answers exactly as a name no runner has: the same 404 and sentence, naming the
 * username as it was asked for, so a visitor cannot tell that the profile exists.
 */
import { randomUUID } from 'node:crypto';
import { decodeTrack } from '../../core/activity/track-codec.ts';
import { NOT_FOUND_MESSAGES } from '../../core/errors.ts';
import { joinName } from '../../core/names.ts';
import type { PublicProfile } from '../../core/profile.ts';
import {
  PRIVACY_MESSAGES,
  PRIVACY_ZONE_LIMITS,
  PUBLIC_RECENT_ACTIVITIES,
  publicTrackLines,
  type MapPoint,
  type PrivacyZone,
  type PrivacyZoneInput,
  type ProfilePrivacy,
  type ProfilePrivacyUpdate,
  type PublicActivity,
} from '../../core/profile-privacy.ts';
import { countUploadedActivities } from '../db/activity-totals-repository.ts';
import { findTrackData } from '../db/activity-track-repository.ts';
import type { Db } from '../db/db.ts';
import {
  countPrivacyZones,
  deletePrivacyZone,
  insertPrivacyZone,
  listPrivacyZones,
} from '../db/privacy-zone-repository.ts';
import { findProfileByUsername, updateProfile } from '../db/profile-repository.ts';
import { publicMedals, recentUploadedActivities, uploadedTotals } from '../db/public-profile-repository.ts';
import type { PrivacyZoneRow, ProfileRow } from '../db/schema.ts';
import { lockRunnerScope } from '../db/user-lock.ts';
import { conflict, notFound } from '../errors.ts';
import { ownProfileRow } from './profile-service.ts';

function privacyOf(row: ProfileRow): ProfilePrivacy {
  return { publicProfile: row.publicProfile, showLocation: row.showLocation };
}

function toZone(row: Pick<PrivacyZoneRow, 'id' | 'label' | 'lat' | 'lon' | 'radius'>): PrivacyZone {
  return { id: row.id, label: row.label, lat: row.lat, lon: row.lon, radius: row.radius };
}

export async function getProfilePrivacy(db: Db, userId: string): Promise<ProfilePrivacy> {
  return privacyOf(await ownProfileRow(db, userId));
}

export async function updateProfilePrivacy(
  db: Db,
  userId: string,
  update: ProfilePrivacyUpdate,
  now: Date,
): Promise<ProfilePrivacy> {
  await ownProfileRow(db, userId);
  const row = await updateProfile(db, userId, update, now);
  if (!row) {
    throw notFound(NOT_FOUND_MESSAGES.profile);
  }
  return privacyOf(row);
}

export async function getPrivacyZones(db: Db, userId: string): Promise<PrivacyZone[]> {
  return (await listPrivacyZones(db, userId)).map(toZone);
}

/** Adds a zone unless the runner already has the most allowed (counted under their lock, so never raced past). */
export async function addPrivacyZone(db: Db, userId: string, input: PrivacyZoneInput, now: Date): Promise<PrivacyZone> {
  const row = { id: randomUUID(), userId, ...input, createdAt: now };
  await db.transaction().execute(async (trx) => {
    await lockRunnerScope(trx, 'privacy-zones', userId);
    if ((await countPrivacyZones(trx, userId)) >= PRIVACY_ZONE_LIMITS.maxZones) {
      throw conflict(PRIVACY_MESSAGES.tooMany, { code: 'privacy-zone-limit' });
    }
    await insertPrivacyZone(trx, row);
  });
  return toZone(row);
}

export async function removePrivacyZone(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deletePrivacyZone(db, userId, id))) {
    throw notFound(PRIVACY_MESSAGES.notFound);
  }
}

/** An uploaded activity's map as a visitor may see it (core/profile-privacy.ts publicTrackLines). */
async function publicLines(db: Db, userId: string, activityId: string, zones: PrivacyZone[]): Promise<MapPoint[][]> {
  const data = await findTrackData(db, userId, activityId);
  return data ? publicTrackLines(decodeTrack(data), zones) : [];
}

/** The profile at /{username}; a 404 naming the username asked for when there is none or it is off. */
export async function getPublicProfile(db: Db, username: string): Promise<PublicProfile> {
  const row = await findProfileByUsername(db, username);
  if (!row?.publicProfile) {
    throw notFound(NOT_FOUND_MESSAGES.runner(username));
  }
  const [uploadedActivities, totals, medals, recent, zones] = await Promise.all([
    countUploadedActivities(db, row.userId),
    uploadedTotals(db, row.userId),
    publicMedals(db, row.userId),
    recentUploadedActivities(db, row.userId, PUBLIC_RECENT_ACTIVITIES),
    getPrivacyZones(db, row.userId),
  ]);
  const recentActivities: PublicActivity[] = [];
  for (const activity of recent) {
    recentActivities.push({
      name: activity.name,
      type: activity.type,
      startDate: activity.startDate.toISOString(),
      distance: activity.distance,
      movingTime: activity.movingTime,
      elevationGain: activity.elevationGain,
      hasTiming: activity.hasTiming,
      lines: await publicLines(db, row.userId, activity.id, zones),
    });
  }
  return {
    username: row.username,
    name: joinName(row.firstName, row.lastName),
    firstName: row.firstName,
    location: row.showLocation ? row.location : '',
    bio: row.bio,
    photoURL: row.photoUrl,
    createdAt: row.createdAt.toISOString(),
    unitSystem: row.unitSystem,
    // Strava's terms: only uploaded activities may be shown to anyone but their athlete.
    uploadedActivities,
    totals,
    medals: medals.map((medal) => ({ ...medal, earnedAt: medal.earnedAt.toISOString() })),
    recentActivities,
  };
}
