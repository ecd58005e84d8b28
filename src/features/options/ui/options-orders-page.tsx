import { useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyState, Skeleton } from "@/shared/ui/feedback";
import { Page } from "@/shared/ui/page";
import { useOptions, type ListStatus, type OptionsDesk } from "../api/options-list";
import { useQuotes } from "@/shared/market/quotations";
import { OptionCard } from "./option-card";
import "./options.css";
import { Segments } from "@/shared/ui/segments";

/**
 * `/pages/strategy/order` and `/pages/order/strategy`: my open options (counting down, the moving price beside the
 * opening one) and settled ones (both ticks), crypto or forex and metals (`?desk=forex`).
 */
export function OptionsOrdersPage() {
  const { t } = useLingui();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  // Without a desk asked for, the list opens on the desk that has open options (the Order tab's badge counts both).
  const cryptoOpen = useOptions("crypto", "open").data?.total ?? 0;
  const forexOpen = useOptions("forex", "open").data?.total ?? 0;
  const asked = params.get("desk");
  const desk: OptionsDesk = asked === "forex" || (asked === null && cryptoOpen === 0 && forexOpen > 0) ? "forex" : "crypto";
  const status: ListStatus = params.get("status") === "settled" ? "settled" : "open";
  // Other parameters stay: the Order tab that shows this list keeps its own (`tab=`) in the same query.
  const go = (next: { desk?: OptionsDesk; status?: ListStatus }) => {
    params.set("desk", next.desk ?? desk);
    params.set("status", next.status ?? status);
    navigate(`${location}?${params.toString()}`, { replace: true });
  };
  const { data, error } = useOptions(desk, status);
  const quotes = useQuotes((data?.list ?? []).filter((o) => o.status === "open").map((o) => o.symbol));
  const priceOf = (symbol: string) => quotes.data?.find((q) => q.symbol === symbol)?.last ?? null;
  return (
    <Page title={<Trans>Option orders</Trans>} nav="custom">
      <Segments
        as="tabs"
        label={t`Market`}
        value={desk}
        onChange={(next) => go({ desk: next })}
        segments={[
          { value: "crypto", label: <Trans>Crypto</Trans> },
          { value: "forex", label: <Trans>Forex & metals</Trans> },
        ]}
      />
      <Segments
        as="tabs"
        label={t`Status`}
        style={{ marginTop: 8 }}
        value={status}
        onChange={(next) => go({ status: next })}
        segments={[
          { value: "open", label: <Trans context="open trades">Open</Trans> },
          { value: "settled", label: <Trans>Settled</Trans> },
        ]}
      />
      {!data && !error && <Skeleton lines={6} />}
      {data && data.list.length === 0 && (
        <EmptyState>{status === "open" ? <Trans>No open options.</Trans> : <Trans>No settled options yet.</Trans>}</EmptyState>
      )}
      <div className="opt-list">
        {data?.list.map((option) => <OptionCard key={option.id} option={option} price={priceOf(option.symbol)} />)}
      </div>
    </Page>
  );
}
