/**
 * The planner's live state: the route editor (core reducer with undo / redo), snapping of each new
 * leg through the server, and the elevation profile of the drawn line. A leg's answer is kept by
 * its two ends, so undo, redo and a shifted leg reuse it; a leg the service could not route stays
 * straight, is asked for again after a back-off, and the notice says why while any such leg remains
 * (snapping.ts). Elevations are asked for a moment after the line settles.
 */
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import {
  MAX_SNAP_LEGS,
  ROUTE_MESSAGES,
  type ElevationAnswer,
  type SnapResponse,
} from '../../../core/routes/route-api.ts';
import { emptyRoute, pendingLegs, routeEditorReducer } from '../../../core/routes/route-editor.ts';
import { measureRoute, profileRoute, samplesKey } from '../../../core/routes/route-summary.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { fetchElevations, snapLegs } from './planner-api.ts';
import { legKey, nextRetryIn, planSnap, recordAnswers, snapNotice, snapping, type SnapAnswers } from './snapping.ts';

/** Quiet time after the last edit before elevations are asked for. */
const ELEVATION_DEBOUNCE_MS = 400;

function useSnapping(
  state: ReturnType<typeof emptyRoute>,
  dispatch: (action: Parameters<typeof routeEditorReducer>[1]) => void,
) {
  const [answers, setAnswers] = useState<SnapAnswers>(() => new Map());
  /** Legs asked for and not answered yet, by their ends. */
  const asking = useRef(new Set<string>());
  /** Bumped when a failed leg's back-off is over, to ask for it again. */
  const [retry, setRetry] = useState(0);
  const pending = useMemo(() => pendingLegs(state), [state]);
  useEffect(() => {
    const now = Date.now();
    const { known, ask } = planSnap(pending, answers, asking.current, now);
    for (const leg of known) {
      dispatch({ type: 'legRouted', ...leg });
    }
    for (let i = 0; i < ask.length; i += MAX_SNAP_LEGS) {
      const chunk = ask.slice(i, i + MAX_SNAP_LEGS);
      const keys = chunk.map((leg) => legKey(leg.from, leg.to));
      keys.forEach((key) => asking.current.add(key));
      const settle = (reply: SnapResponse | null) => {
        keys.forEach((key) => asking.current.delete(key));
        setAnswers((previous) => recordAnswers(previous, chunk, reply, Date.now()));
      };
      snapLegs(chunk.map(({ from, to }) => ({ from, to })))
        .then(settle, () => settle(null))
        .catch(() => undefined);
    }
    const wait = nextRetryIn(pending, answers, now);
    if (wait === null) {
      return undefined;
    }
    const timer = setTimeout(() => setRetry((count) => count + 1), wait);
    return () => clearTimeout(timer);
  }, [pending, answers, retry, dispatch]);
  return useMemo(
    () => ({ notice: snapNotice(pending, answers), snapping: snapping(pending, answers) }),
    [pending, answers],
  );
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
  const snap = useSnapping(state, dispatch);
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
  return { state, dispatch, measure, profile, snapNotice: snap.notice, snapping: snap.snapping, elevationNotice };
}

export type RoutePlanner = ReturnType<typeof useRoutePlanner>;
