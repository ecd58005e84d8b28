import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { Trans } from "@lingui/react/macro";
import type { OptionResult } from "@contract/options";
import { periodParts } from "../model/figures";

export const resultLabels: Record<OptionResult, MessageDescriptor> = {
  win: msg`Won`,
  loss: msg`Lost`,
  tie: msg`Tie: stake returned`,
};

export const resultTone: Record<OptionResult, string> = { win: "up", loss: "down", tie: "muted" };

/** 30 s, 5 min, 1 h, 1 d in the user's language. */
export function PeriodLabel({ seconds }: { seconds: number }) {
  const { value, unit } = periodParts(seconds);
  if (unit === "d") return <Trans>{value} d</Trans>;
  if (unit === "h") return <Trans>{value} h</Trans>;
  if (unit === "min") return <Trans>{value} min</Trans>;
  return <Trans>{value} s</Trans>;
}
