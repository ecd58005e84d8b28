import { paths } from "./paths";

/** A place as the system location pages handle it: what the user typed and/or where the device was. */
export interface Place {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The hand-off between a screen that asks for a place and the choose-location page (the seed's uni.chooseLocation):
 * the asker leaves its unsaved form under a key and opens the chooser; the chooser stores the chosen place under the
 * same key and goes back; the asker, mounted again, takes both once. sessionStorage: the tab's, gone with it.
 */
const storageKey = (key: string) => `tw:location:${key}`;

export function chooseLocationPath(key: string): string {
  return `${paths.chooseLocation}?${new URLSearchParams({ key }).toString()}`;
}

/** Called by the asker before it opens the chooser: its form as it is now. */
export function leaveDraft(key: string, draft: unknown): void {
  sessionStorage.setItem(storageKey(key), JSON.stringify({ draft, place: null }));
}

/** Called by the chooser: the place the user picked, beside the asker's draft. */
export function deliverPlace(key: string, place: Place): void {
  const saved = readHandoff(key);
  sessionStorage.setItem(storageKey(key), JSON.stringify({ draft: saved?.draft ?? null, place }));
}

/** Called by the asker when it mounts: its draft and the chosen place (null when the user came back without one), once. */
export function takeHandoff<D>(key: string): { draft: D | null; place: Place | null } | null {
  const saved = readHandoff(key);
  sessionStorage.removeItem(storageKey(key));
  return saved as { draft: D | null; place: Place | null } | null;
}

function readHandoff(key: string): { draft: unknown; place: Place | null } | null {
  try {
    const text = sessionStorage.getItem(storageKey(key));
    return text ? (JSON.parse(text) as { draft: unknown; place: Place | null }) : null;
  } catch {
    return null;
  }
}

export function validCoordinates(latitude: number | null, longitude: number | null): latitude is number {
  return latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/** The open-location page for a place (the seed's uni.openLocation). */
export function openLocationPath(place: Partial<Place>): string {
  const query = new URLSearchParams();
  if (place.name) query.set("name", place.name);
  if (place.address) query.set("address", place.address);
  if (validCoordinates(place.latitude ?? null, place.longitude ?? null)) {
    query.set("latitude", String(place.latitude));
    query.set("longitude", String(place.longitude));
  }
  return `${paths.openLocation}?${query.toString()}`;
}

/**
 * Links that open the device's maps app, no map service key: a `geo:` URI (RFC 5870; Android and most map apps
 * handle it) and an OpenStreetMap web link (any browser; iOS hands it to the browser).
 */
export function mapLinks(place: Place): { geo: string; web: string } {
  if (validCoordinates(place.latitude, place.longitude)) {
    const at = `${place.latitude},${place.longitude}`;
    const label = place.name || place.address;
    return {
      geo: `geo:${at}?q=${encodeURIComponent(label ? `${at}(${label})` : at)}`,
      web: `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=17/${place.latitude}/${place.longitude}`,
    };
  }
  const query = encodeURIComponent(place.address || place.name);
  return { geo: `geo:0,0?q=${query}`, web: `https://www.openstreetmap.org/search?query=${query}` };
}
