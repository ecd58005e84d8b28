import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { Icon } from "@/shared/ui/icons";
import { Modal } from "@/shared/ui/modal";
import { deskHref, useDesks, type Side } from "./desks";
import "./desks.css";

// The desks' sheets live apart from the home's row: the home (a first route) loads neither them nor their texts.

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
