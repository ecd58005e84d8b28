import { money } from "../ledger";
import type { Executor } from "../platform/db";
import { loadFundingConfig } from "./funding.config";

/** The figures content may quote as `{placeholders}` (the content domain's `FactSource` shape). */
export type FundingFacts = Record<string, string>;

/** The funding rules users ask about most: deposit limits, withdrawal minimum and fee. */
export const fundingFacts = async (db: Executor): Promise<FundingFacts> => {
  const config = await loadFundingConfig(db);
  return {
    deposit_currency: config.deposit.currency,
    deposit_min: config.deposit.min,
    deposit_max: config.deposit.max,
    withdraw_currency: config.withdraw.currency,
    withdraw_min: config.withdraw.min,
    withdraw_fee: config.withdraw.fee,
    withdraw_min_receive: money(config.withdraw.min).minus(config.withdraw.fee).toFixed(),
  };
};

