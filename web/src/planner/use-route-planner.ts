/**
 * The planner's live state: the route editor (core reducer with undo / redo), snapping of each new
 * leg through the server, and the elevation profile of the drawn line. A leg's answer is kept by
 * its two ends, so undo, redo and a shifted leg reuse it; a leg the service could not route stays
 * straight and the notice says why. Elevations are asked for a moment after the line settles.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { LatLng } from '../../../core/routes/geometry.ts';
import { MAX_SNAP_LEGS, ROUTE_MESSAGES, type ElevationAnswer } from '../../../core/routes/route-api.ts';
import { emptyRoute, pendingLegs, routeEditorReducer } from '../../../core/routes/route-editor.ts';
import { measureRoute, profileRoute, samplesKey } from '../../../core/routes/route-summary.ts';
import type { UnitSystem } from '../../../core/profile.ts';
import { fetchElevations, snapLegs } from './planner-api.ts';

/** Quiet time after the last edit before elevations are asked for. */
const ELEVATION_DEBOUNCE_MS = 400;

const legKey = (from: LatLng, to: LatLng) => `${from.lat},${from.lng};${to.lat},${to.lng}`;

function useSnapping(
  state: ReturnType<typeof emptyRoute>,
  dispatch: (action: Parameters<typeof routeEditorReducer>[1]) => void,
) {
  /** Each leg asked for, by its ends: its snapped path, null when drawn straight, undefined while asked. */
  const answers = useRef(new Map<string, LatLng[] | null | undefined>());
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const toAsk: ReturnType<typeof pendingLegs> = [];
    for (const leg of pendingLegs(state)) {
      const key = legKey(leg.from, leg.to);
      const known = answers.current.get(key);
      if (known) {
        dispatch({ type: 'legRouted', ...leg, path: known });
      } else if (!answers.current.has(key)) {
        answers.current.set(key, undefined);
        toAsk.push(leg);
      }
    }
    for (let i = 0; i < toAsk.length; i += MAX_SNAP_LEGS) {
      const chunk = toAsk.slice(i, i + MAX_SNAP_LEGS);
      snapLegs(chunk.map(({ from, to }) => ({ from, to })))
        .then((answer) => {
          let failed = false;
          answer.legs.forEach(({ path }, j) => {
            const leg = chunk[j];
            if (leg === undefined) {
              return;
            }
            answers.current.set(legKey(leg.from, leg.to), path);
            failed ||= path === null;
            if (path !== null) {
              dispatch({ type: 'legRouted', ...leg, path });
            }
          });
          setNotice(!answer.available ? ROUTE_MESSAGES.snappingOff : failed ? ROUTE_MESSAGES.snappingFailed : null);
        })
        .catch(() => {
          chunk.forEach((leg) => answers.current.set(legKey(leg.from, leg.to), null));
          setNotice(ROUTE_MESSAGES.snappingFailed);
        });
    }
  }, [state, dispatch]);
  return notice;
}

function useElevations(samples: ReturnType<typeof measureRoute>['samples']) {
  const key = useMemo(() => samplesKey(samples), [samples]);
  const [answer, setAnswer] = useState<{ key: string; value: ElevationAnswer } | null>(null);
  useEffect(() => {
    if (samples.length < 2) {
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      fetchElevations(samples.map(({ lat, lng }) => ({ lat, lng })))
        .catch((): ElevationAnswer => ({ available: true, elevations: null }))
        .then((value) => current && setAnswer({ key, value }))
        .catch(() => undefined);
    }, ELEVATION_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The key stands for the samples: a new array with the same points asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return answer?.key === key ? answer.value : null;
}

export function useRoutePlanner(units: UnitSystem) {
  const [state, dispatch] = useReducer(routeEditorReducer, undefined, emptyRoute);
  const snapNotice = useSnapping(state, dispatch);
  const measure = useMemo(() => measureRoute(state, units), [state, units]);
  const elevation = useElevations(measure.samples);
  const profile = useMemo(
    () => profileRoute(measure.samples, elevation?.elevations ?? null),
    [measure.samples, elevation],
  );
  const elevationNotice =
    elevation === null
      ? null
      : !elevation.available
        ? ROUTE_MESSAGES.elevationOff
        : elevation.elevations === null
          ? ROUTE_MESSAGES.elevationFailed
          : null;
  return { state, dispatch, measure, profile, snapNotice, elevationNotice };
}

export type RoutePlanner = ReturnType<typeof useRoutePlanner>;
