/**
 * What the planner draws on its map besides the tiles: the waypoints (large touch targets; drag
 * to move, tap to remove), the whole-km or whole-mile markers, the clean-tap handler that adds a
 * point, and the view fitted to a route that was opened or imported.
 */
import { divIcon, latLngBounds, type LeafletMouseEvent, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import type { DistanceMarker, LatLng } from '../../../core/routes/geometry.ts';
import { createTapTracker } from './clean-tap.ts';

/** Touch target of a waypoint, in CSS pixels (the dot inside is smaller). */
const WAYPOINT_TARGET_PX = 44;

function waypointIcon(kind: 'start' | 'end' | 'via', label: string) {
  return divIcon({
    className: 'planner-waypoint',
    html: `<span class="planner-waypoint-dot planner-waypoint-${kind}" aria-label="${label}"></span>`,
    iconSize: [WAYPOINT_TARGET_PX, WAYPOINT_TARGET_PX],
    iconAnchor: [WAYPOINT_TARGET_PX / 2, WAYPOINT_TARGET_PX / 2],
  });
}

export function WaypointMarkers({
  waypoints,
  onMove,
  onRemove,
}: {
  waypoints: readonly LatLng[];
  onMove: (index: number, point: LatLng) => void;
  onRemove: (index: number) => void;
}) {
  const last = waypoints.length - 1;
  return waypoints.map((point, index) => {
    const kind = index === 0 ? 'start' : index === last ? 'end' : 'via';
    return (
      <Marker
        // By position in the list: a moved point keeps its marker.
        key={index}
        position={point}
        draggable
        autoPan
        icon={waypointIcon(kind, `Point ${index + 1}`)}
        // The start stays visible on top of a closed loop's last point.
        zIndexOffset={index === 0 ? 1000 : 0}
        title={`Point ${index + 1}: drag to move, tap to remove`}
        eventHandlers={{
          click: () => onRemove(index),
          dragend: (event) => {
            const { lat, lng } = (event.target as LeafletMarker).getLatLng();
            onMove(index, { lat, lng });
          },
        }}
      />
    );
  });
}

export function DistanceMarkers({ markers }: { markers: readonly DistanceMarker[] }) {
  return markers.map((marker) => (
    <Marker
      key={marker.index}
      position={marker}
      interactive={false}
      keyboard={false}
      icon={divIcon({
        className: 'planner-distance',
        html: `<span>${marker.index}</span>`,
        iconSize: [22, 22],
        iconAnchor: [11, 11],
      })}
    />
  ));
}

/** Adds a point on a clean tap or click only (web/src/planner/clean-tap.ts), never after a pan or pinch. */
export function TapToAdd({ onAdd }: { onAdd: (point: LatLng) => void }) {
  const tracker = useMemo(() => createTapTracker(), []);
  const map = useMapEvents({
    movestart: () => tracker.spoil(),
    zoomstart: () => tracker.spoil(),
    click: (event: LeafletMouseEvent) => {
      const { clientX, clientY, timeStamp } = event.originalEvent;
      if (tracker.isCleanTap(clientX, clientY, timeStamp)) {
        onAdd({ lat: event.latlng.lat, lng: event.latlng.lng });
      }
    },
  });
  useEffect(() => {
    const container = map.getContainer();
    const down = (event: PointerEvent) => tracker.down(event.clientX, event.clientY, event.timeStamp);
    const up = () => tracker.up();
    container.addEventListener('pointerdown', down, true);
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
    return () => {
      container.removeEventListener('pointerdown', down, true);
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
    };
  }, [map, tracker]);
  return null;
}

/** Fits the view to `line` whenever `fitKey` changes (a route opened or imported). */
export function FitToLine({ line, fitKey }: { line: readonly LatLng[]; fitKey: number }) {
  const map = useMap();
  useEffect(() => {
    if (fitKey > 0 && line.length > 1) {
      map.fitBounds(latLngBounds(line.map((p) => [p.lat, p.lng])), { padding: [32, 32] });
    }
    // Only a new route moves the view; editing it does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, map]);
  return null;
}
