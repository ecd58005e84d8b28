import { Trans } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { mapLinks, validCoordinates, type Place } from "@/shared/lib/location";
import { EmptyState } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { KeyValue } from "@/shared/ui/key-value";
import { Page } from "@/shared/ui/page";
import "./location.css";

function placeOf(search: string): Place {
  const query = new URLSearchParams(search);
  const number = (name: string) => {
    const text = query.get(name);
    return text === null || text.trim() === "" ? null : Number(text);
  };
  const latitude = number("latitude");
  const longitude = number("longitude");
  const valid = validCoordinates(latitude, longitude);
  return {
    name: (query.get("name") ?? "").slice(0, 80),
    address: (query.get("address") ?? "").slice(0, 200),
    latitude: valid ? latitude : null,
    longitude: valid ? longitude : null,
  };
}

/** The seed's open-location page: a place's name, address and coordinates, and links that open the maps app. */
export function OpenLocationPage() {
  const place = placeOf(useSearch());
  const hasPosition = validCoordinates(place.latitude, place.longitude);
  if (!place.name && !place.address && !hasPosition) {
    return (
      <Page title={<Trans>Location</Trans>} nav="default">
        <EmptyState icon="globe">
          <Trans>No place to show.</Trans>
        </EmptyState>
      </Page>
    );
  }
  const links = mapLinks(place);
  return (
    <Page title={<Trans>Location</Trans>} nav="default">
      <div className="card location-card">
        {place.name && <h2 className="location-name">{place.name}</h2>}
        {place.address && <p className="location-address">{place.address}</p>}
        {hasPosition && (
          <KeyValue label={<Trans>Coordinates</Trans>}>
            <span className="location-coords">{`${place.latitude}, ${place.longitude}`}</span>
          </KeyValue>
        )}
      </div>
      <div className="location-actions">
        <a className="btn btn--primary" href={links.geo} data-testid="open-maps-app">
          <Icon name="globe" size={18} />
          <Trans>Open in maps app</Trans>
        </a>
        <a className="btn btn--ghost" href={links.web} target="_blank" rel="noopener noreferrer" data-testid="open-web-map">
          <Trans>Open in OpenStreetMap</Trans>
        </a>
      </div>
    </Page>
  );
}
