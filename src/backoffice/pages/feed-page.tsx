import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { FEED_STALE_MS } from "@contract/constants";
import type { FeedVenue } from "@contract/market";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { formatDecimal, formatRate, formatTickTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Modal } from "@/shared/ui/modal";
import { useMe } from "../api";
import { DeskList } from "../desk-list";
import { getFeedStatus, switchVenue } from "../market-api";
import { ageText, kindText } from "./market-parts";
import { venueName } from "@/shared/market/venue-name";

/** A pair whose last tick is older than this is flagged: the feed quotes every pair every few seconds. */
const STALE_MS = FEED_STALE_MS;

/**
 * Feed status: which source this deployment runs (sim is demo data), whether this process leads the feed, every
 * venue and source with its connection, last tick age (the venue's own time), reconnects and messages per second,
 * and the age of every pair's last tick. Refreshed every 2 s. An admin may switch a crypto venue off for everybody
 * (and on again): audited, announced to every user; its prices drop out of the pairs' quotes.
 */
export function FeedPage() {
  const { t, i18n } = useLingui();
  const { data: me } = useMe();
  const { data, error, mutate } = useSWR("backoffice/market/feed", () => getFeedStatus({}, { silent: true }), { refreshInterval: 2_000 });
  const [switching, setSwitching] = useState<FeedVenue | null>(null);
  const [reason, setReason] = useState("");
  const close = () => {
    setSwitching(null);
    setReason("");
  };
  const save = useAction(async () => {
    if (!switching) return;
    await switchVenue({ venue: switching.id, off: !switching.off, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    await mutate();
    showToast(i18n._(successes.SAVE.key), "success");
    close();
  });
  const canSwitch = me?.role === "admin";
  if (!data) {
    return error ? (
      <EmptyState icon="chart">
        <Trans>The feed status could not be loaded.</Trans>
      </EmptyState>
    ) : (
      <Skeleton lines={8} />
    );
  }
  const stale = data.pairs.filter((p) => p.age_ms === null || p.age_ms > STALE_MS).length;
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Feed status</Trans>
        </h1>
        <span className={`badge ${data.live ? "badge--up" : "badge--danger"}`} data-testid="feed-live">
          {data.live ? t`Live` : t`No ticks in the last minute`}
        </span>
      </div>

      <section className="card" style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", gap: 12, marginBottom: 16 }}>
        <Stat label={<Trans>Source</Trans>}>
          <span className={`badge ${data.source === "sim" ? "badge--warn" : "badge--brand"}`} data-testid="feed-source">
            {data.source}
          </span>{" "}
          {data.source === "sim" && (
            <span className="faint" style={{ fontSize: 12 }}>
              <Trans>demo data</Trans>
            </span>
          )}
        </Stat>
        <Stat label={<Trans>This process</Trans>}>{data.leader ? t`Runs the feed` : t`Follows the leader`}</Stat>
        <Stat label={<Trans>Bus</Trans>}>{data.bus}</Stat>
        <Stat label={<Trans>Connected venues</Trans>}>
          {data.venues.filter((v) => v.connected).length} / {data.venues.length}
        </Stat>
        <Stat label={<Trans>Stale pairs</Trans>}>
          <span className={stale > 0 ? "down" : "up"}>{stale}</span>
        </Stat>
        <Stat label={<Trans>Ticks kept</Trans>}>
          {data.tick_retention_hours} h
        </Stat>
      </section>

      <h2 className="section__title">
        <Trans>Venues</Trans>
      </h2>
      {/* The page waits for the status as a whole above, so these lists are never loading here. */}
      <DeskList loading={false} count={data.venues.length} emptyIcon="globe" lines={3}>
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Venue</Trans></th>
              <th><Trans>Status</Trans></th>
              <th><Trans>Prices used</Trans></th>
              <th className="num"><Trans>Last tick age</Trans></th>
              <th className="num"><Trans>Messages/s</Trans></th>
              <th className="num"><Trans>Reconnects</Trans></th>
              <th><Trans>Source</Trans></th>
              <th className="num"><Trans>Taker fee</Trans></th>
              <th className="num"><Trans>Pairs</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data.venues.map((v) => (
              <tr key={v.id} data-testid={`venue-${v.id}`}>
                <td style={{ fontWeight: 600 }}>{venueName(v.id, v.name)}</td>
                <td>
                  <span className={`badge ${v.connected ? "badge--up" : "badge--danger"}`} data-testid="venue-connected">
                    {v.connected ? t`Connected` : t`Disconnected`}
                  </span>
                </td>
                <td>
                  <span className={`badge ${v.off ? "badge--danger" : "badge--up"}`} data-testid="venue-off">
                    {v.off ? t`Switched off` : t`On`}
                  </span>{" "}
                  {canSwitch && v.switchable && (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => setSwitching(v)} data-testid="venue-switch">
                      {v.off ? t`Switch on` : t`Switch off`}
                    </button>
                  )}
                </td>
                <td className={`num ${v.tick_age_ms === null || v.tick_age_ms > STALE_MS ? "down" : ""}`} data-testid="venue-age">
                  {ageText(v.tick_age_ms)}
                </td>
                <td className="num" data-testid="venue-rate">
                  {formatDecimal(String(v.messages_per_s))}
                </td>
                <td className="num" data-testid="venue-reconnects">
                  {v.reconnects}
                </td>
                <td>{v.source}</td>
                <td className="num">{formatRate(v.fee_rate)}</td>
                <td className="num">{v.pairs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>

      <Modal
        open={switching !== null}
        title={switching ? (switching.off ? t`Switch ${switching.name} on` : t`Switch ${switching.name} off`) : ""}
        onClose={close}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={close}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" form="venue-form" className={`btn ${switching?.off ? "btn--primary" : "btn--danger"}`} disabled={save.pending} data-testid="venue-switch-confirm">
              {switching?.off ? t`Switch on` : t`Switch off`}
            </button>
          </>
        }
      >
        {switching && (
          <form id="venue-form" className="form" onSubmit={save.onSubmit} noValidate style={{ textAlign: "left" }}>
            <p style={{ margin: 0 }}>
              {switching.off ? (
                <Trans>The crypto pairs are priced from this venue again, beside the others.</Trans>
              ) : (
                <Trans>The crypto pairs stop using this venue's prices for everybody: they are priced from the other fresh venues, and a pair with none left pauses.</Trans>
              )}
            </p>
            <p className="faint" style={{ fontSize: 13, margin: 0 }}>
              <Trans>Every user gets a notice; the switch is written to the audit log with your name.</Trans>
            </p>
            <TextField label={<Trans>Reason (audit log)</Trans>} name="reason" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} error={save.errorOf("reason")} />
          </form>
        )}
      </Modal>

      <h2 className="section__title">
        <Trans>Pairs</Trans>
      </h2>
      <DeskList loading={false} count={data.pairs.length} empty={<Trans>No pairs.</Trans>} emptyIcon="chart">
        <table className="bo-table">
          <thead>
            <tr>
              <th><Trans>Pair</Trans></th>
              <th><Trans>Market</Trans></th>
              <th><Trans>Source</Trans></th>
              <th className="num"><Trans>Last price</Trans></th>
              <th className="num"><Trans>Last tick age</Trans></th>
              <th><Trans>Last tick</Trans></th>
              <th><Trans>Trading</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data.pairs.map((p) => {
              const isStale = p.age_ms === null || p.age_ms > STALE_MS;
              return (
                <tr key={p.symbol} data-testid={`feed-${p.symbol}`}>
                  <td style={{ fontWeight: 600 }}>{p.symbol}</td>
                  <td>{kindText(p.kind)}</td>
                  <td>{p.source}</td>
                  <td className="num">{p.last === null ? "-" : formatDecimal(p.last)}</td>
                  <td className={`num ${isStale ? "down" : ""}`} data-testid="tick-age">
                    {ageText(p.age_ms)}
                  </td>
                  <td>{p.last_tick_at_ms === null ? "-" : formatTickTime(p.last_tick_at_ms)}</td>
                  <td>
                    <span className={`badge ${p.trading ? "badge--up" : "badge--danger"}`}>{p.trading ? t`On` : t`Off`}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </DeskList>
      <p className="faint" style={{ fontSize: 12, marginTop: 10 }}>
        <Trans>Server time</Trans> {formatTickTime(data.time_ms)}
      </p>
    </>
  );
}

function Stat({ label, children }: { label: React.ReactNode; children: React.ReactNode }) {
  return (
    <div>
      <div className="faint" style={{ fontSize: 12 }}>
        {label}
      </div>
      <div style={{ fontWeight: 600, marginTop: 2 }}>{children}</div>
    </div>
  );
}
