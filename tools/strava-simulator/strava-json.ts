/**
 * Strava's JSON shapes as developers.strava.com/docs/reference writes them (SummaryAthlete,
 * DetailedAthlete, SummaryActivity, DetailedActivity with laps, splits and DetailedSegmentEffort,
 * StreamSet), built from the simulator's generated athletes and activities.
 */
import {
  buildBestEfforts,
  buildSplits,
  buildStreams,
  summaryPolyline,
  type ActivityStreams,
} from './activity-track.ts';
import type { SimActivity, SimAthlete, SimGear } from './generate-activities.ts';
import type { SimSportType } from './name-tables.ts';
import { encodePolyline } from './polyline.ts';
import { stravaDate, stravaTimezone, utcOffsetSeconds } from './strava-time.ts';
import { token } from './simulator-http.ts';
import type { SimulatorStore } from './simulator-store.ts';

/** Strava lists best efforts for runs only (Run and TrailRun). */
function isRun(activity: SimActivity): boolean {
  return activity.sportType === 'Run' || activity.sportType === 'TrailRun';
}

/** Strava segments the simulator's routes cross: one every SEGMENT_EVERY_M metres, SEGMENT_LENGTH_M long. */
const SEGMENT_NAMES = ['Harbour Sprint', 'Park Loop Climb', 'Riverside Drag', 'Bridge to Bridge', 'Old Mill Hill'];
const SEGMENT_EVERY_M = 3000;
const SEGMENT_LENGTH_M = 800;

/** A segment effort's rank among the athlete's own (1–3, or none), reproducible per activity. */
function prRank(activity: SimActivity, index: number): number | null {
  const rank = (activity.id + index) % 4;
  return rank === 3 ? null : rank + 1;
}

/**
 * A lap's average power: rides are estimated at 180 W; half the runs were recorded with a running
 * power meter (about 1.04 W per kg per m/s for a 70 kg runner); the others have none.
 */
function lapWatts(activity: SimActivity, averageSpeed: number): number | null {
  if (activity.sportType === 'Ride') {
    return 180;
  }
  const hasPowerMeter =
    (activity.sportType === 'Run' || activity.sportType === 'TrailRun') && activity.shapeSeed % 2 === 0;
  return hasPowerMeter ? Math.round(1.04 * 70 * averageSpeed) : null;
}

/** Photos on an activity, reproducible: about a third of them have one or two. */
const photoCount = (activity: SimActivity) => (activity.id % 3 === 0 ? 1 + (activity.kudosCount % 2) : 0);

export const STREAM_KEYS = [
  'time',
  'distance',
  'latlng',
  'altitude',
  'velocity_smooth',
  'heartrate',
  'cadence',
  'moving',
  'grade_smooth',
] as const;
export type StreamKey = (typeof STREAM_KEYS)[number];

export function createStravaJson(store: Pick<SimulatorStore, 'state' | 'now'>) {
  const { state, now } = store;

  /** Strava's summary gear: its distance is that of the athlete's activities with it, in metres. */
  function gearJson(athlete: SimAthlete, gear: SimGear): object {
    let distance = 0;
    for (const activity of state.activities.values()) {
      if (activity.athleteId === athlete.id && activity.gearId === gear.id) {
        distance += activity.distance;
      }
    }
    return {
      id: gear.id,
      primary: gear.primary,
      name: gear.name,
      nickname: null,
      resource_state: 2,
      retired: gear.retired,
      distance: Math.round(distance),
      converted_distance: Math.round(distance / 100) / 10,
    };
  }

  function athleteJson(athlete: SimAthlete, detailed: boolean): object {
    const summary = {
      id: athlete.id,
      username: athlete.username,
      resource_state: detailed ? 3 : 2,
      firstname: athlete.firstname,
      lastname: athlete.lastname,
      bio: '',
      city: athlete.home.city,
      state: athlete.home.state,
      country: athlete.home.country,
      sex: athlete.sex,
      premium: false,
      summit: false,
      created_at: stravaDate(athlete.createdAt),
      updated_at: stravaDate(now()),
      badge_type_id: 0,
      weight: athlete.weight,
      profile_medium: 'avatar/athlete/medium.png',
      profile: 'avatar/athlete/large.png',
      friend: null,
      follower: null,
    };
    if (!detailed) {
      return summary;
    }
    return {
      ...summary,
      follower_count: 12,
      friend_count: 15,
      measurement_preference: 'meters',
      ftp: null,
      clubs: [],
      bikes: athlete.bikes.map((gear) => gearJson(athlete, gear)),
      shoes: athlete.shoes.map((gear) => gearJson(athlete, gear)),
    };
  }

  function activityType(sport: SimSportType): string {
    // `type` is the deprecated ActivityType; TrailRun has no ActivityType of its own and reports "Run".
    return sport === 'TrailRun' ? 'Run' : sport;
  }

  function summaryActivityJson(activity: SimActivity): Record<string, unknown> {
    const offset = utcOffsetSeconds(activity.startMs, activity.timeZone);
    const end = summaryEnd(activity);
    const json: Record<string, unknown> = {
      resource_state: 2,
      athlete: { id: activity.athleteId, resource_state: 1 },
      name: activity.name,
      distance: activity.distance,
      moving_time: activity.movingTime,
      elapsed_time: activity.elapsedTime,
      total_elevation_gain: activity.totalElevationGain,
      type: activityType(activity.sportType),
      sport_type: activity.sportType,
      workout_type: activity.workoutType,
      id: activity.id,
      start_date: stravaDate(activity.startMs),
      start_date_local: stravaDate(activity.startMs + offset * 1000),
      timezone: stravaTimezone(activity.startMs, activity.timeZone),
      utc_offset: offset,
      location_city: state.athletes.get(activity.athleteId)?.home.city ?? null,
      location_state: state.athletes.get(activity.athleteId)?.home.state ?? null,
      location_country: state.athletes.get(activity.athleteId)?.country ?? null,
      achievement_count: activity.kudosCount % 4,
      kudos_count: activity.kudosCount,
      comment_count: activity.commentCount,
      athlete_count: 1,
      photo_count: 0,
      map: { id: `a${activity.id}`, summary_polyline: summaryPolyline(activity), resource_state: 2 },
      trainer: activity.trainer,
      commute: activity.commute,
      manual: activity.manual,
      private: activity.private,
      visibility: activity.private ? 'only_me' : 'everyone',
      flagged: false,
      gear_id: activity.gearId,
      start_latlng: [activity.startLat, activity.startLng],
      end_latlng: end,
      average_speed: Math.round((activity.distance / activity.movingTime) * 1000) / 1000,
      max_speed: Math.round((activity.distance / activity.movingTime) * 1.25 * 1000) / 1000,
      average_cadence: activity.sportType === 'Ride' ? 85 : activity.sportType === 'Walk' ? 56 : 84,
      has_heartrate: activity.hasHeartrate,
      heartrate_opt_out: false,
      display_hide_heartrate_option: activity.hasHeartrate,
      elev_high:
        Math.round(
          (activity.elevBase + activity.totalElevationGain / Math.max(1, Math.round(activity.distance / 3000))) * 10,
        ) / 10,
      elev_low: activity.elevBase,
      upload_id: activity.manual ? null : activity.id + 1000000000,
      upload_id_str: activity.manual ? null : String(activity.id + 1000000000),
      external_id: activity.manual ? null : `${activity.id}.fit`,
      from_accepted_tag: false,
      pr_count: 0,
      total_photo_count: photoCount(activity),
      has_kudoed: false,
    };
    if (activity.hasHeartrate) {
      json.average_heartrate = activity.averageHeartrate;
      json.max_heartrate = activity.maxHeartrate;
      json.suffer_score = Math.round((activity.movingTime / 60) * ((activity.averageHeartrate - 100) / 40));
    }
    if (activity.sportType === 'Ride') {
      json.average_watts = 180;
      json.kilojoules = Math.round(180 * activity.movingTime) / 1000;
      json.device_watts = false;
    }
    return json;
  }

  function summaryEnd(activity: SimActivity): [number, number] {
    // Loops end where they start, give or take the GPS fix.
    return [
      Math.round((activity.startLat + 0.00004) * 1e6) / 1e6,
      Math.round((activity.startLng - 0.00003) * 1e6) / 1e6,
    ];
  }

  /** DetailedSegmentEffort: one per segment the route crosses (none on a manual or indoor activity). */
  function segmentEffortsJson(activity: SimActivity, streams: ActivityStreams): Record<string, unknown>[] {
    if (activity.manual || activity.trainer || activity.notAnalysed) {
      return [];
    }
    const offset = utcOffsetSeconds(activity.startMs, activity.timeZone);
    const home = state.athletes.get(activity.athleteId)?.home;
    const efforts: Record<string, unknown>[] = [];
    for (let start = SEGMENT_EVERY_M / 2; start + SEGMENT_LENGTH_M <= activity.distance; start += SEGMENT_EVERY_M) {
      const index = efforts.length;
      const startIndex = streams.distance.findIndex((d) => d >= start);
      const endIndex = streams.distance.findIndex((d) => d >= start + SEGMENT_LENGTH_M);
      if (startIndex === -1 || endIndex === -1) {
        break;
      }
      const startSeconds = streams.time[startIndex] ?? 0;
      const elapsed = Math.round((streams.time[endIndex] ?? startSeconds) - startSeconds);
      const startMs = activity.startMs + startSeconds * 1000;
      const altitudes = streams.altitude.slice(startIndex, endIndex + 1);
      const rank = prRank(activity, index);
      const name = SEGMENT_NAMES[(activity.shapeSeed + index) % SEGMENT_NAMES.length] as string;
      efforts.push({
        id: activity.id * 10_000 + index + 1,
        resource_state: 2,
        name,
        activity: { id: activity.id, resource_state: 1 },
        athlete: { id: activity.athleteId, resource_state: 1 },
        elapsed_time: elapsed,
        moving_time: elapsed,
        start_date: stravaDate(startMs),
        start_date_local: stravaDate(startMs + offset * 1000),
        distance: SEGMENT_LENGTH_M,
        start_index: startIndex,
        end_index: endIndex,
        device_watts: false,
        average_heartrate: activity.hasHeartrate ? activity.averageHeartrate : undefined,
        max_heartrate: activity.hasHeartrate ? activity.maxHeartrate : undefined,
        segment: {
          id: 900_000 + ((activity.shapeSeed + index) % SEGMENT_NAMES.length),
          resource_state: 2,
          name,
          activity_type: activity.sportType === 'Ride' ? 'Ride' : 'Run',
          distance: SEGMENT_LENGTH_M,
          average_grade: 0,
          maximum_grade: 0,
          elevation_high: Math.max(...altitudes),
          elevation_low: Math.min(...altitudes),
          start_latlng: streams.latlng[startIndex],
          end_latlng: streams.latlng[endIndex],
          climb_category: 0,
          city: home?.city ?? null,
          state: home?.state ?? null,
          country: home?.country ?? null,
          private: false,
          hazardous: false,
          starred: false,
        },
        pr_rank: rank,
        kom_rank: null,
        achievements: rank === null ? [] : [{ type_id: 3, type: 'pr', rank }],
        hidden: false,
      });
    }
    return efforts;
  }

  function detailedActivityJson(activity: SimActivity): object {
    const streams = buildStreams(activity);
    const summary = summaryActivityJson(activity);
    const lapLength = activity.sportType === 'Ride' ? 10000 : 5000;
    const laps = buildSplits(activity, streams, lapLength).map((split, index) => {
      const startIndex = streams.distance.findIndex((d) => d >= index * lapLength);
      const endDistance = Math.min(activity.distance, (index + 1) * lapLength);
      const endIndex = streams.distance.findIndex((d) => d >= endDistance - 0.05);
      const startSeconds = streams.time[Math.max(0, startIndex)] ?? 0;
      const startMs = activity.startMs + startSeconds * 1000;
      const offset = utcOffsetSeconds(activity.startMs, activity.timeZone);
      return {
        id: activity.id * 100 + index + 1,
        resource_state: 2,
        name: `Lap ${index + 1}`,
        activity: { id: activity.id, resource_state: 1 },
        athlete: { id: activity.athleteId, resource_state: 1 },
        elapsed_time: split.elapsed_time,
        moving_time: split.moving_time,
        start_date: stravaDate(startMs),
        start_date_local: stravaDate(startMs + offset * 1000),
        distance: split.distance,
        start_index: Math.max(0, startIndex),
        end_index: endIndex === -1 ? streams.distance.length - 1 : endIndex,
        total_elevation_gain: Math.max(0, split.elevation_difference),
        average_speed: split.average_speed,
        max_speed: Math.round(split.average_speed * 1.2 * 100) / 100,
        average_cadence: summary.average_cadence,
        average_watts: lapWatts(activity, split.average_speed),
        device_watts: activity.sportType !== 'Ride' && lapWatts(activity, split.average_speed) !== null,
        average_heartrate: activity.hasHeartrate ? activity.averageHeartrate : undefined,
        lap_index: index + 1,
        split: index + 1,
        pace_zone: 0,
      };
    });
    const calories = Math.round((activity.distance / 1000) * (activity.sportType === 'Ride' ? 25 : 62));
    const segmentEfforts = segmentEffortsJson(activity, streams);
    return {
      ...summary,
      resource_state: 3,
      // Strava counts the efforts that are the athlete's best on their segment.
      pr_count: segmentEfforts.filter((effort) => effort.pr_rank === 1).length,
      description: activity.description,
      calories,
      map: {
        id: `a${activity.id}`,
        polyline: encodePolyline(streams.latlng),
        summary_polyline: summaryPolyline(activity),
        resource_state: 3,
      },
      splits_metric: activity.notAnalysed ? [] : buildSplits(activity, streams, 1000),
      splits_standard: activity.notAnalysed ? [] : buildSplits(activity, streams, 1609.34),
      laps,
      best_efforts:
        isRun(activity) && !activity.notAnalysed
          ? buildBestEfforts(streams).map((effort, index) => {
              const startMs = activity.startMs + (streams.time[effort.startIndex] ?? 0) * 1000;
              const offset = utcOffsetSeconds(activity.startMs, activity.timeZone);
              return {
                id: activity.id * 1000 + index + 1,
                resource_state: 2,
                name: effort.name,
                activity: { id: activity.id, resource_state: 1 },
                athlete: { id: activity.athleteId, resource_state: 1 },
                elapsed_time: effort.elapsedTime,
                moving_time: effort.elapsedTime,
                start_date: stravaDate(startMs),
                start_date_local: stravaDate(startMs + offset * 1000),
                distance: effort.distance,
                start_index: effort.startIndex,
                end_index: effort.endIndex,
                pr_rank: null,
                achievements: [],
              };
            })
          : [],
      segment_efforts: segmentEfforts,
      photos: { primary: null, count: photoCount(activity) },
      gear: activity.gearId
        ? {
            id: activity.gearId,
            primary: true,
            name: activity.sportType === 'Ride' ? 'Road bike' : 'Daily trainers',
            resource_state: 2,
            distance: 0,
          }
        : null,
      device_name: activity.deviceName,
      embed_token: token(16),
      hide_from_home: false,
      available_zones: [],
    };
  }

  function streamsJson(activity: SimActivity, keys: StreamKey[], keyByType: boolean): unknown {
    const streams: ActivityStreams = buildStreams(activity);
    // Strava always returns the distance stream alongside what was asked for.
    const wanted = new Set<StreamKey>(['distance', ...keys]);
    const entries: [StreamKey, unknown[]][] = [];
    for (const key of STREAM_KEYS) {
      if (!wanted.has(key)) {
        continue;
      }
      const data = streams[key];
      if (data) {
        entries.push([key, data]);
      }
    }
    const wrap = (key: StreamKey, data: unknown[]): Record<string, unknown> => ({
      ...(keyByType ? {} : { type: key }),
      data,
      series_type: 'distance',
      original_size: data.length,
      resolution: 'high',
    });
    if (keyByType) {
      return Object.fromEntries(entries.map(([key, data]) => [key, wrap(key, data)]));
    }
    return entries.map(([key, data]) => wrap(key, data));
  }

  return { athleteJson, summaryActivityJson, detailedActivityJson, streamsJson };
}

export type StravaJson = ReturnType<typeof createStravaJson>;
