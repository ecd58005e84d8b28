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
import { stopErrors, type ErrorCode } from "../model/ticket";

/**
 * Take-profit and stop-loss of an open position. An unchanged field is not sent (the server
 * keeps it); an emptied one is sent empty (the server clears it).
 */
export function StopsSheet({ position, last, precision, onClose }: { position: Position; last: string | null; precision: number; onClose: () => void }) {
  const { i18n } = useLingui();
  const [tp, setTp] = useState(position.tp_price ?? "");
  const [sl, setSl] = useState(position.sl_price ?? "");
  const checks = stopErrors({ direction: position.direction, open: position.open_price, last, tp: tp.trim(), sl: sl.trim(), precision });
  const text = (code: ErrorCode | null) => (code ? i18n._(errors[code].key) : undefined);
  const changed = (typed: string, was: string | null) => (typed.trim() === (was ?? "") ? undefined : typed.trim());
  const tpChange = changed(tp, position.tp_price);
  const slChange = changed(sl, position.sl_price);
  const save = useAction(async () => {
    await setStops({ id: position.id, tp_price: tpChange, sl_price: slChange });
    showToast(i18n._(successes.STOPS_SET.key), "success");
    onClose();
  });
  return (
    <ConfirmModal
      open
      title={<Trans>Take-profit and stop-loss</Trans>}
      confirm={<Trans>Save</Trans>}
      busy={save.pending}
      disabled={checks.tp !== null || checks.sl !== null || (tpChange === undefined && slChange === undefined)}
      onConfirm={() => void save.run()}
      onClose={onClose}
    >
      <div className="form" style={{ textAlign: "left" }}>
        <TextField label={<Trans>Take-profit</Trans>} name="tp_price" inputMode="decimal" autoComplete="off" value={tp} onChange={(e) => setTp(e.target.value.replace(",", "."))} error={save.errorOf("tp_price") ?? text(checks.tp)} />
        <TextField label={<Trans>Stop-loss</Trans>} name="sl_price" inputMode="decimal" autoComplete="off" value={sl} onChange={(e) => setSl(e.target.value.replace(",", "."))} error={save.errorOf("sl_price") ?? text(checks.sl)} />
        <p className="faint" style={{ fontSize: 12, margin: 0 }}>
          <Trans>Leave a field empty to remove it. Each one triggers on the first recorded price that reaches it.</Trans>
        </p>
      </div>
    </ConfirmModal>
  );
}
