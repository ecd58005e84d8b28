import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { errors } from "@contract/messages";
import { successes } from "@contract/successes";
import type { Position } from "@contract/positions";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { TextField } from "@/shared/ui/field";
import { ConfirmModal } from "@/shared/ui/modal";
import { setStops } from "../api/set-stops";
import { mul, parseDecimal, toDecimal } from "../model/fixed";
import { stopErrors, trailError, trailRateOf, type ErrorCode } from "../model/ticket";
import { decimalInput } from "@/shared/i18n/decimal-input";

/**
 * Take-profit and stop-loss of an open position, or a trailing stop-loss (a distance in percent: the level follows the
 * best price since it was set). An unchanged field is not sent (the server keeps it); an emptied one is sent empty
 * (the server clears it). A trailing distance replaces a fixed stop-loss, and the other way round.
 */
export function StopsSheet({ position, last, precision, onClose }: { position: Position; last: string | null; precision: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const wasTrailing = position.sl_trail_rate !== null;
  const [tp, setTp] = useState(position.tp_price ?? "");
  const [sl, setSl] = useState(wasTrailing ? "" : (position.sl_price ?? ""));
  const [trail, setTrail] = useState(wasTrailing ? toDecimal(mul(parseDecimal(position.sl_trail_rate!)!, parseDecimal("100")!)) : "");
  const trailing = trail.trim() !== "";
  const checks = stopErrors({ direction: position.direction, open: position.open_price, last, tp: tp.trim(), sl: trailing ? "" : sl.trim(), precision });
  const trailErr = trailError(trail);
  const text = (code: ErrorCode | null) => (code ? i18n._(errors[code].key) : undefined);
  const changed = (typed: string, was: string | null) => (typed.trim() === (was ?? "") ? undefined : typed.trim());
  const tpChange = changed(tp, position.tp_price);
  const slChange = trailing ? undefined : changed(sl, wasTrailing ? null : position.sl_price);
  const rate = trailing ? trailRateOf(trail) : null;
  const rateChange = trailing ? (rate !== null && wasTrailing && parseDecimal(rate) === parseDecimal(position.sl_trail_rate) ? undefined : (rate ?? undefined)) : wasTrailing ? "" : undefined;
  const save = useAction(async () => {
    await setStops({ id: position.id, tp_price: tpChange, sl_price: slChange, sl_trail_rate: rateChange });
    showToast(i18n._(successes.STOPS_SET.key), "success");
    onClose();
  });
  return (
    <ConfirmModal
      open
      title={<Trans>Take-profit and stop-loss</Trans>}
      confirm={<Trans>Save</Trans>}
      busy={save.pending}
      disabled={checks.tp !== null || checks.sl !== null || trailErr !== null || (tpChange === undefined && slChange === undefined && rateChange === undefined)}
      onConfirm={() => void save.run()}
      onClose={onClose}
    >
      <div className="form" style={{ textAlign: "left" }}>
        <TextField label={<Trans>Take-profit</Trans>} name="tp_price" {...decimalInput(tp, setTp)} error={save.errorOf("tp_price") ?? text(checks.tp)} />
        <TextField
          label={<Trans>Stop-loss</Trans>}
          name="sl_price"
          {...decimalInput(trailing ? "" : sl, setSl)}
          disabled={trailing}
          placeholder={trailing ? t`Set by the trailing distance` : undefined}
          error={save.errorOf("sl_price") ?? text(checks.sl)}
        />
        <TextField
          label={<Trans>Trailing stop-loss (%)</Trans>}
          name="sl_trail_rate"
          placeholder={t`Optional, 0.1 to 20`}
          {...decimalInput(trail, setTrail)}
          error={save.errorOf("sl_trail_rate") ?? text(trailErr)}
          hint={<Trans>The stop-loss follows the best price since you set it at this distance, and only in your favour.</Trans>}
        />
        <p className="faint" style={{ fontSize: 12, margin: 0 }}>
          <Trans>Leave a field empty to remove it. Each one triggers on the first recorded price that reaches it.</Trans>
        </p>
      </div>
    </ConfirmModal>
  );
}
