import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OrderType, PositionDirection } from "@contract/positions";
import { KeyValue } from "@/shared/ui/key-value";
import { ConfirmModal } from "@/shared/ui/modal";
import { formatAmount } from "@/shared/i18n/format";
import { formatPrice } from "@/shared/market/format";
import type { Preview } from "../model/ticket";

/**
 * Asks before a leveraged position opens, with the figures the ticket's preview computed (direction, order type and a
 * stop order's stop price, quantity, leverage, margin, fee, liquidation price) and the take-profit and stop-loss it
 * will carry. "Don't ask again" is handed to the confirm; the settings undo it.
 */
export function OpenConfirmSheet({ open, busy, order, preview, onConfirm, onClose }: {
  open: boolean;
  busy: boolean;
  order: { symbol: string; direction: PositionDirection; type: OrderType; quantity: string; unit: string; leverage: number; currency: string; precision: number; tp?: string; sl?: string; stop?: string };
  preview: Preview;
  onConfirm: (dontAskAgain: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [dontAsk, setDontAsk] = useState(false);
  const long = order.direction === "long";
  const symbol = order.symbol;
  return (
    <ConfirmModal
      open={open}
      title={long ? <Trans>Open long {symbol}?</Trans> : <Trans>Open short {symbol}?</Trans>}
      confirm={long ? <Trans>Open long</Trans> : <Trans>Open short</Trans>}
      busy={busy}
      onConfirm={() => onConfirm(dontAsk)}
      onClose={onClose}
    >
      <div className="open-confirm" data-testid="open-confirm">
        <KeyValue label={<Trans>Direction</Trans>}>
          <span className={long ? "up" : "down"}>{long ? t`Long` : t`Short`}</span>
        </KeyValue>
        <KeyValue label={<Trans>Order type</Trans>}>{order.type === "market" ? t({ message: "Market", context: "order type" }) : order.type === "stop" ? t`Stop entry` : t`Limit`}</KeyValue>
        {order.type === "stop" && order.stop && (
          <KeyValue label={<Trans>Stop price</Trans>}>
            <span className="num" data-testid="confirm-stop">
              {formatPrice(order.stop, order.precision)}
            </span>
          </KeyValue>
        )}
        <KeyValue label={<Trans>Quantity</Trans>}>
          <span className="num">
            {order.quantity} {order.unit}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Leverage</Trans>}>
          <span className="num">{order.leverage}x</span>
        </KeyValue>
        <KeyValue label={order.type === "limit" ? <Trans>Opens at</Trans> : <Trans>Opens at about</Trans>}>
          <span className="num">{formatPrice(preview.open_price, order.precision)}</span>
        </KeyValue>
        <KeyValue label={<Trans>Margin</Trans>}>
          <span className="num">
            {formatAmount(preview.margin, order.currency)}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Opening fee</Trans>}>
          <span className="num">
            {formatAmount(preview.fee, order.currency)}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Liquidation price</Trans>}>
          <span className="num">{preview.liquidation_price ? formatPrice(preview.liquidation_price, order.precision) : "-"}</span>
        </KeyValue>
        <KeyValue label={<Trans>Take-profit</Trans>}>
          <span className="num" data-testid="confirm-tp">
            {order.tp ? formatPrice(order.tp, order.precision) : t`None`}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Stop-loss</Trans>}>
          <span className="num" data-testid="confirm-sl">
            {order.sl ? formatPrice(order.sl, order.precision) : t`None`}
          </span>
        </KeyValue>
        <label className="open-confirm__again">
          <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
          <Trans>Don't ask again (change it in Settings)</Trans>
        </label>
      </div>
    </ConfirmModal>
  );
}
