import L from "leaflet";
import "leaflet/dist/leaflet.css";

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface PinMap {
  /** Moves the pin; `focus` also centres the map on it (a new address), a click does not. */
  setPin(position: LatLng | null, focus: boolean): void;
  remove(): void;
}

/** Germany as a whole, before any address is known. */
const START = { center: [51.16, 10.45] as [number, number], zoom: 5 };
const PIN_ZOOM = 15;

/**
 * The Leaflet map of the position picker (docs/geo-positions.md), in its own module so Leaflet
 * is loaded only with the forms that show it. The pin is a CSS marker (no image files to fetch),
 * placed by a click on the map or by dragging; keyboard users use the number fields beside it.
 */
export function createPinMap(
  element: HTMLElement,
  options: {
    tiles: { url: string | null; attribution: string };
    pinLabel: string;
    onPick: (position: LatLng) => void;
  },
): PinMap {
  const map = L.map(element, { center: START.center, zoom: START.zoom, scrollWheelZoom: false });
  map.attributionControl.setPrefix(false);
  if (options.tiles.url) {
    L.tileLayer(options.tiles.url, { maxZoom: 19, attribution: options.tiles.attribution }).addTo(map);
  }
  const icon = L.divIcon({
    className: "pin-map-marker",
    html: '<span class="pin-map-marker-dot"></span>',
    iconSize: [28, 28],
    iconAnchor: [14, 28],
  });
  // In a dialog or a step that is still animating the container's size changes after start.
  const resized = new ResizeObserver(() => map.invalidateSize());
  resized.observe(element);
  let marker: L.Marker | undefined;
  const pick = (latlng: L.LatLng) => {
    const wrapped = latlng.wrap();
    options.onPick({ latitude: round(wrapped.lat), longitude: round(wrapped.lng) });
  };
  map.on("click", (event: L.LeafletMouseEvent) => pick(event.latlng));

  return {
    setPin(position, focus) {
      if (!position) {
        marker?.remove();
        marker = undefined;
        return;
      }
      const latlng = L.latLng(position.latitude, position.longitude);
      if (!marker) {
        marker = L.marker(latlng, { icon, draggable: true, keyboard: false, title: options.pinLabel }).addTo(
          map,
        );
        marker.on("dragend", () => marker && pick(marker.getLatLng()));
      } else {
        marker.setLatLng(latlng);
      }
      if (focus) map.setView(latlng, Math.max(map.getZoom(), PIN_ZOOM - 2));
    },
    remove() {
      resized.disconnect();
      map.remove();
    },
  };
}

/** Six decimals: about 10 cm, finer than any pin placed by hand. */
const round = (value: number) => Math.round(value * 1_000_000) / 1_000_000;
