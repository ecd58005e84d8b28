import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { deliverPlace, validCoordinates, type Place } from "@/shared/lib/location";
import { navigate } from "@/shared/lib/navigation";
import { paths } from "@/shared/lib/paths";
import { Spinner } from "@/shared/ui/feedback";
import { DisabledReason, TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { Page } from "@/shared/ui/page";
import "./location.css";

type Locating = { state: "idle" } | { state: "busy" } | { state: "failed"; reason: "denied" | "unavailable" | "unsupported" };

/**
 * The seed's choose-location page: the device's position (Geolocation API, when the user allows it) and/or an
 * address typed by hand, handed back to the screen that asked (`?key=`, shared/lib/location.ts). No map service.
 */
export function ChooseLocationPage() {
  const { t } = useLingui();
  const key = new URLSearchParams(useSearch()).get("key") ?? "";
  const [place, setPlace] = useState<Place>({ name: "", address: "", latitude: null, longitude: null });
  const [locating, setLocating] = useState<Locating>({ state: "idle" });
  const hasPosition = validCoordinates(place.latitude, place.longitude);

  const locate = () => {
    if (!("geolocation" in navigator)) {
      setLocating({ state: "failed", reason: "unsupported" });
      return;
    }
    setLocating({ state: "busy" });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const round = (value: number) => Math.round(value * 1e6) / 1e6;
        setPlace((p) => ({ ...p, latitude: round(position.coords.latitude), longitude: round(position.coords.longitude) }));
        setLocating({ state: "idle" });
      },
      (error) => setLocating({ state: "failed", reason: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const confirm = () => {
    const address = place.address.trim() || (hasPosition ? `${place.latitude}, ${place.longitude}` : "");
    if (key) deliverPlace(key, { ...place, name: place.name.trim(), address });
    if (window.history.length > 1) window.history.back();
    else navigate(paths.home, { replace: true });
  };

  return (
    <Page title={<Trans>Choose a location</Trans>} nav="default">
      <div className="card location-card">
        <button type="button" className="btn btn--ghost" onClick={locate} disabled={locating.state === "busy"}>
          {locating.state === "busy" ? <Spinner small /> : <Icon name="globe" size={18} />}
          <Trans>Use my current position</Trans>
        </button>
        {hasPosition && (
          <p className="location-coords" data-testid="chosen-coordinates">
            <Trans>Position: {place.latitude}, {place.longitude}</Trans>
          </p>
        )}
        {locating.state === "failed" && (
          <p className="notice" role="alert">
            <Icon name="info" size={18} />
            <span>
              {locating.reason === "denied"
                ? t`Location access is off for this app. Type the address below instead, or allow location in your browser settings.`
                : locating.reason === "unsupported"
                  ? t`This browser cannot tell your position. Type the address below.`
                  : t`Your position could not be found just now. Try again outside, or type the address below.`}
            </span>
          </p>
        )}
      </div>
      <div className="form" style={{ marginTop: 12 }}>
        <TextField label={<Trans>Place name</Trans>} name="name" maxLength={80} placeholder={t`Optional`} value={place.name} onChange={(e) => setPlace((p) => ({ ...p, name: e.target.value }))} />
        <TextField
          label={<Trans>Address</Trans>}
          name="address"
          autoComplete="street-address"
          maxLength={200}
          value={place.address}
          onChange={(e) => setPlace((p) => ({ ...p, address: e.target.value }))}
          hint={hasPosition ? <Trans>Left empty, the position is used as the address.</Trans> : undefined}
        />
        <button type="button" className="btn btn--primary" disabled={!place.address.trim() && !hasPosition} onClick={confirm}>
          <Trans>Use this location</Trans>
        </button>
        <DisabledReason>{!place.address.trim() && !hasPosition ? <Trans>Enter an address or use your current position.</Trans> : null}</DisabledReason>
      </div>
    </Page>
  );
}
