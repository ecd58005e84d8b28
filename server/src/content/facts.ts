import { Decimal } from "decimal.js";
import { loadFundingConfig } from "../funding/funding.config";
import type { Executor } from "../platform/db";

/**
 * Figures that content may quote. Operators write `{withdraw_min}` instead of "30", and the server fills in the
 * live configuration whenever the text is read: a published text cannot go on advertising a figure that changed.
 */
export type Facts = Record<string, string>;
export type FactSource = (db: Executor) => Promise<Facts>;

const Exact = Decimal.clone({ precision: 60 });

/** The funding rules users ask about most: deposit limits, withdrawal minimum and fee. */
export const fundingFacts: FactSource = async (db) => {
  const config = await loadFundingConfig(db);
  return {
    deposit_currency: config.deposit.currency,
    deposit_min: config.deposit.min,
    deposit_max: config.deposit.max,
    withdraw_currency: config.withdraw.currency,
    withdraw_min: config.withdraw.min,
    withdraw_fee: config.withdraw.fee,
    withdraw_min_receive: new Exact(config.withdraw.min).minus(config.withdraw.fee).toFixed(),
  };
};

const PLACEHOLDER = /\{([a-z][a-z0-9_]{0,40})\}/g;

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Fills known placeholders; unknown ones stay as written (the preview shows them to the operator). */
export function fillPlaceholders(text: string, facts: Facts, html: boolean): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(facts, name)) return whole;
    return html ? escapeHtml(facts[name]) : facts[name];
  });
}
