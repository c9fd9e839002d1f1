/**
 * The route planner's editing model as a pure reducer (spec §1 "Plan routes"): waypoints the runner
 * clicks, and per leg (waypoint i → i + 1) the path the routing service snapped it to, or null while
 * it is unrouted (drawn straight). Editing one waypoint clears only the legs touching it, so moving a
 * point re-routes its two legs and keeps every other snapped leg. Undo / redo keep whole snapshots.
 */
import type { LatLng } from './geometry.ts';

/** Most waypoints of one route (also the saved-route limit in route-schemas.ts). */
export const MAX_ROUTE_WAYPOINTS = 1_000;
/** Most undo steps kept. */
export const ROUTE_UNDO_LIMIT = 100;

export interface RouteShape {
  waypoints: LatLng[];
  /** legs[i] joins waypoints[i] and waypoints[i + 1]; null until snapped (or when routing failed). */
  legs: (LatLng[] | null)[];
}

export interface RouteEditorState extends RouteShape {
  past: RouteShape[];
  future: RouteShape[];
}

export type RouteEditorAction =
  | { type: 'add'; point: LatLng }
  | { type: 'move'; index: number; point: LatLng }
  | { type: 'remove'; index: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'closeLoop' }
  | { type: 'outAndBack' }
  | { type: 'reverse' }
  | { type: 'clear' }
  /** A routing answer for leg `index`, requested between `from` and `to`; ignored when they moved since. */
  | { type: 'legRouted'; index: number; from: LatLng; to: LatLng; path: LatLng[] }
  /**
   * A route from elsewhere (an imported GPX, a saved route): with its `line`, each leg is the stretch
   * of that line between its waypoints, taken as it is (not routed again); without, legs are unrouted.
   */
  | { type: 'load'; waypoints: LatLng[]; line?: readonly LatLng[] };

export function emptyRoute(): RouteEditorState {
  return { waypoints: [], legs: [], past: [], future: [] };
}

function samePoint(a: LatLng | undefined, b: LatLng | undefined): boolean {
  return a !== undefined && b !== undefined && a.lat === b.lat && a.lng === b.lng;
}

/** Applies an edit: the previous shape goes on the undo stack and the redo stack is cleared. */
function edit(state: RouteEditorState, next: RouteShape): RouteEditorState {
  const past = [...state.past, { waypoints: state.waypoints, legs: state.legs }].slice(-ROUTE_UNDO_LIMIT);
  return { ...next, past, future: [] };
}

export function routeEditorReducer(state: RouteEditorState, action: RouteEditorAction): RouteEditorState {
  const { waypoints, legs } = state;
  switch (action.type) {
    case 'add':
      if (waypoints.length >= MAX_ROUTE_WAYPOINTS) {
        return state;
      }
      return edit(state, {
        waypoints: [...waypoints, action.point],
        legs: waypoints.length === 0 ? [] : [...legs, null],
      });
    case 'move': {
      if (waypoints[action.index] === undefined) {
        return state;
      }
      const nextLegs = legs.map((leg, i) => (i === action.index - 1 || i === action.index ? null : leg));
      return edit(state, { waypoints: waypoints.with(action.index, action.point), legs: nextLegs });
    }
    case 'remove': {
      const { index } = action;
      if (waypoints[index] === undefined) {
        return state;
      }
      const nextWaypoints = waypoints.filter((_, i) => i !== index);
      let nextLegs: (LatLng[] | null)[];
      if (index === 0) {
        nextLegs = legs.slice(1);
      } else if (index === waypoints.length - 1) {
        nextLegs = legs.slice(0, -1);
      } else {
        // The two legs around the removed point become one new, unrouted leg.
        nextLegs = [...legs.slice(0, index - 1), null, ...legs.slice(index + 1)];
      }
      return edit(state, { waypoints: nextWaypoints, legs: nextLegs });
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (previous === undefined) {
        return state;
      }
      return { ...previous, past: state.past.slice(0, -1), future: [{ waypoints, legs }, ...state.future] };
    }
    case 'redo': {
      const next = state.future[0];
      if (next === undefined) {
        return state;
      }
      return { ...next, past: [...state.past, { waypoints, legs }], future: state.future.slice(1) };
    }
    case 'closeLoop': {
      const first = waypoints[0];
      if (first === undefined || waypoints.length < 2 || samePoint(first, waypoints.at(-1))) {
        return state;
      }
      if (waypoints.length >= MAX_ROUTE_WAYPOINTS) {
        return state;
      }
      return edit(state, { waypoints: [...waypoints, first], legs: [...legs, null] });
    }
    case 'outAndBack': {
      // Back along the same legs: the return legs are the outbound ones reversed, already snapped.
      if (waypoints.length < 2 || waypoints.length * 2 - 1 > MAX_ROUTE_WAYPOINTS) {
        return state;
      }
      const back = waypoints.slice(0, -1).reverse();
      const backLegs = legs.map((leg) => (leg === null ? null : [...leg].reverse())).reverse();
      return edit(state, { waypoints: [...waypoints, ...back], legs: [...legs, ...backLegs] });
    }
    case 'reverse':
      if (waypoints.length < 2) {
        return state;
      }
      return edit(state, {
        waypoints: [...waypoints].reverse(),
        legs: legs.map((leg) => (leg === null ? null : [...leg].reverse())).reverse(),
      });
    case 'clear':
      return waypoints.length === 0 ? state : edit(state, { waypoints: [], legs: [] });
    case 'load': {
      const loaded = action.waypoints.slice(0, MAX_ROUTE_WAYPOINTS);
      const kept = action.line !== undefined && action.line.length >= 2 && loaded.length >= 2;
      return edit(state, {
        waypoints: loaded,
        legs: kept ? legsAlongLine(loaded, action.line as LatLng[]) : loaded.slice(1).map(() => null),
      });
    }
    case 'legRouted': {
      // A late answer for a leg whose ends have moved since it was asked for is stale.
      const { index } = action;
      if (!samePoint(waypoints[index], action.from) || !samePoint(waypoints[index + 1], action.to)) {
        return state;
      }
      // Not an undo step: snapping completes the edit that asked for it.
      return { ...state, legs: legs.with(index, action.path) };
    }
  }
}

const squaredOffset = (a: LatLng, b: LatLng) => (a.lat - b.lat) ** 2 + (a.lng - b.lng) ** 2;

/**
 * Cuts `line` into one leg per pair of consecutive waypoints: each waypoint falls on the line point
 * it equals (or else the nearest one), searched forward from the previous waypoint's, so a loop's
 * shared start and end and an out-and-back's turning points keep their order. The first waypoint is
 * the line's start and the last its end; each leg runs from its own waypoint to the next.
 */
export function legsAlongLine(waypoints: readonly LatLng[], line: readonly LatLng[]): LatLng[][] {
  const at: number[] = [0];
  for (let w = 1; w < waypoints.length - 1; w += 1) {
    const waypoint = waypoints[w] as LatLng;
    const from = at[w - 1] as number;
    let best = from;
    let bestOffset = Number.POSITIVE_INFINITY;
    for (let i = from; i < line.length; i += 1) {
      const offset = squaredOffset(line[i] as LatLng, waypoint);
      if (offset < bestOffset) {
        best = i;
        bestOffset = offset;
        if (offset === 0) {
          break;
        }
      }
    }
    at.push(best);
  }
  at.push(line.length - 1);
  return waypoints.slice(1).map((to, i) => {
    const from = waypoints[i] as LatLng;
    const inner = line.slice((at[i] as number) + 1, at[i + 1]);
    return [from, ...inner, to];
  });
}

/** The legs still to be routed, with their ends, for the routing service. */
export function pendingLegs(shape: RouteShape): { index: number; from: LatLng; to: LatLng }[] {
  const pending: { index: number; from: LatLng; to: LatLng }[] = [];
  shape.legs.forEach((leg, index) => {
    if (leg === null) {
      pending.push({ index, from: shape.waypoints[index] as LatLng, to: shape.waypoints[index + 1] as LatLng });
    }
  });
  return pending;
}

/** The whole line to draw and measure: snapped legs as routed, unrouted legs straight. */
export function routeLine(shape: RouteShape): LatLng[] {
  const first = shape.waypoints[0];
  if (first === undefined) {
    return [];
  }
  const line: LatLng[] = [first];
  shape.legs.forEach((leg, i) => {
    const path = leg ?? [shape.waypoints[i] as LatLng, shape.waypoints[i + 1] as LatLng];
    // Each leg starts where the previous ended: skip its first point.
    line.push(...path.slice(1));
  });
  return line;
}

export function canUndo(state: RouteEditorState): boolean {
  return state.past.length > 0;
}

export function canRedo(state: RouteEditorState): boolean {
  return state.future.length > 0;
}
