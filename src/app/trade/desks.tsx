import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "@/shared/lib/paths";
import { Icon, type IconName } from "@/shared/ui/icons";
import { Modal } from "@/shared/ui/modal";
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
function useDesks(): { id: string; href: string; icon: IconName; label: string }[] {
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

/** A sheet listing the desks (the account menu's "Transaction"). */
export function DeskSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const desks = useDesks();
  return (
    <Modal
      open={open}
      title={<Trans>Choose a trading desk</Trans>}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      }
    >
      <div className="desk-sheet">
        {desks.map((desk) => (
          <Link key={desk.id} href={desk.href} className="desk" onClick={onClose}>
            <Icon name={desk.icon} />
            <span>{desk.label}</span>
          </Link>
        ))}
      </div>
    </Modal>
  );
}

/**
 * A crypto pair's Buy or Sell: spot (own the coins) or a leveraged contract (long or short with margin). The user
 * chooses; each choice opens its ticket on the pair with the side already picked.
 */
export function TradeChooser({ symbol, side, onClose }: { symbol: string; side: Side | null; onClose: () => void }) {
  return (
    <Modal
      open={side !== null}
      title={side === "sell" ? <Trans>Sell {symbol}</Trans> : <Trans>Buy {symbol}</Trans>}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      }
    >
      <div className="trade-chooser">
        <Link href={deskHref.spot(symbol, side ?? undefined)} className="trade-chooser__item" data-testid="choose-spot">
          <Icon name="trade" />
          <span>
            <strong>
              <Trans>Spot</Trans>
            </strong>
            <small>{side === "sell" ? <Trans>Sell coins you hold, no leverage.</Trans> : <Trans>Buy the coins themselves, no leverage.</Trans>}</small>
          </span>
        </Link>
        <Link href={deskHref.contract(symbol, side ?? undefined)} className="trade-chooser__item" data-testid="choose-contract">
          <Icon name="candles" />
          <span>
            <strong>
              <Trans>Contract</Trans>
            </strong>
            <small>{side === "sell" ? <Trans>Go short with margin and leverage.</Trans> : <Trans>Go long with margin and leverage.</Trans>}</small>
          </span>
        </Link>
      </div>
    </Modal>
  );
}
