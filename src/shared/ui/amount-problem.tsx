import { useLingui } from "@lingui/react/macro";
import { formatAmount } from "../i18n/format";
import type { AmountProblem } from "../lib/amount-check";

/**
 * The words of an amount problem, naming its rule with the figure in the reader's digits ("The minimum is 30 USDT",
 * "Al menos 30 USDT"): one text per rule for every amount field.
 */
export function useAmountProblemText() {
  const { t } = useLingui();
  return (problem: AmountProblem | null, currency?: string): string | undefined => {
    if (!problem) return undefined;
    switch (problem.rule) {
      case "empty":
        return t`Enter an amount.`;
      case "number":
        return t`Enter a number, such as 12.5.`;
      case "positive":
        return t`The amount must be more than 0.`;
      case "decimals":
        return t`At most ${problem.limit} decimals.`;
      case "min":
        return t`The minimum is ${formatAmount(problem.limit, currency)}.`;
      case "max":
        return t`The maximum is ${formatAmount(problem.limit, currency)}.`;
      case "balance":
        return t`More than your available ${formatAmount(problem.limit, currency)}.`;
    }
  };
}
