import type { FinanceLine } from "@contract/wallet";
import { paths } from "@/shared/lib/paths";

/**
 * The screen that shows the cause of a finance record: the deposit, withdrawal, conversion, order, position, option,
 * earn order, loan or referral behind it. Null for an operator's adjustment (its reason is on the line itself).
 */
export function causeHref(line: Pick<FinanceLine, "cause_kind" | "cause_desk">): string | null {
  const forex = line.cause_desk === "forex";
  switch (line.cause_kind) {
    case "deposit":
      return paths.orderCharge;
    case "withdrawal":
      return `${paths.orderWithdraw}?tab=records`;
    case "flash":
      return paths.convert;
    case "spot_order":
      return paths.orderTrade;
    case "position":
      return forex ? paths.forexOrder : paths.orderContract;
    case "option":
      return `${paths.strategyOrder}?desk=${forex ? "forex" : "crypto"}&status=settled`;
    case "earn":
      return line.cause_desk === "hosting" ? paths.hostingOrders : paths.arbitrageOrder;
    case "loan":
      return paths.loanRecords;
    case "reward":
    case "referral":
    case "fee":
      return paths.friend;
    default:
      return null;
  }
}
