import { useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { EarnKind } from "@contract/earn";
import { Page } from "@/shared/ui/page";
import { SubscribeForm } from "./subscribe-form";

/** The detail route's query: `?kind=arbitrage|hosting&id=`. */
export function useDetailQuery(): { kind: EarnKind; id: number } {
  const query = new URLSearchParams(useSearch());
  return { kind: query.get("kind") === "hosting" ? "hosting" : "arbitrage", id: Number(query.get("id") ?? 0) };
}

/** `/pages/arbitrage/detail`: the page around the form; `available` is the wallet's, handed in by the app. */
export function EarnDetailPage({ available }: { available: string | null }) {
  const { kind, id } = useDetailQuery();
  return (
    <Page title={kind === "hosting" ? <Trans>Hosting</Trans> : <Trans>Arbitrage detail</Trans>} nav="custom">
      <SubscribeForm kind={kind} productId={id} available={available} />
    </Page>
  );
}
