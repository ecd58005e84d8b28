import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon, type IconName } from "@/shared/ui/icons";
import "./desks.css";

export type Side = "buy" | "sell";

/** Where each trading desk opens, for a pair and a side when the user came from one (a chart's Buy / Sell). */
export const deskHref = {
  spot: (symbol = "BTC/USDT", side?: Side) => `${paths.spotTrade}?symbol=${symbol}${side ? `&side=${side}` : ""}`,
  contract: (symbol?: string, side?: Side) => `${paths.strategy}${query({ symbol, side })}`,
  options: () => `${paths.strategy}?tab=options`,
  forex: (symbol = "EUR/USD", side?: Side) => `${paths.forexDetail}?symbol=${symbol}${side ? `&side=${side}` : ""}`,
};

const query = (values: Record<string, string | undefined>) => {
  const entries = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join("&")}` : "";
};

/** The four trading desks, as the home's row and the account menu's chooser show them. */
export function useDesks(): { id: string; href: string; icon: IconName; label: string }[] {
  const { t } = useLingui();
  return [
    { id: "spot", href: deskHref.spot(), icon: "trade", label: t`Spot` },
    { id: "contract", href: deskHref.contract(), icon: "candles", label: t`Contracts` },
    { id: "options", href: deskHref.options(), icon: "clock", label: t`Options` },
    { id: "forex", href: deskHref.forex(), icon: "gold", label: t`Forex & metals` },
  ];
}

/** The home's row of desk shortcuts: every product one tap from the home. */
export function DeskShortcuts() {
  const { t } = useLingui();
  const desks = useDesks();
  return (
    <nav className="desks" aria-label={t`Trading desks`}>
      {desks.map((desk) => (
        <Link key={desk.id} href={desk.href} className="desk" data-testid={`desk-${desk.id}`}>
          <Icon name={desk.icon} />
          <span>{desk.label}</span>
        </Link>
      ))}
    </nav>
  );
}
