import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { FEED_STALE_MS } from "@contract/constants";
import { formatDateTime, formatDecimal, formatRate, formatTickTime } from "@/shared/i18n/format";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { DeskList } from "../desk-list";
import { getFeedStatus } from "../market-api";
import { ageText, kindText } from "./market-parts";

/** A pair whose last tick is older than this is flagged: the feed quotes every pair every few seconds. */
const STALE_MS = FEED_STALE_MS;

/**
 * Feed status: which source this deployment runs (sim is demo data), whether this process leads the feed, the
 * venues with their last quote, and the age of every pair's last tick. Refreshed every 2 s.
 */
export function FeedPage() {
  const { t } = useLingui();
  const { data, error } = useSWR("backoffice/market/feed", () => getFeedStatus({}, { silent: true }), { refreshInterval: 2_000 });
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
              <th><Trans>Source</Trans></th>
              <th><Trans>Status</Trans></th>
              <th className="num"><Trans>Taker fee</Trans></th>
              <th className="num"><Trans>Pairs</Trans></th>
              <th><Trans>Last quote</Trans></th>
            </tr>
          </thead>
          <tbody>
            {data.venues.map((v) => (
              <tr key={v.id}>
                <td style={{ fontWeight: 600 }}>{v.name}</td>
                <td>{v.source}</td>
                <td>
                  <span className={`badge ${v.connected ? "badge--up" : "badge--danger"}`}>{v.connected ? t`Connected` : t`Disconnected`}</span>
                </td>
                <td className="num">{formatRate(v.fee_rate)}</td>
                <td className="num">{v.pairs}</td>
                <td>{formatDateTime(v.last_quote_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DeskList>

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
