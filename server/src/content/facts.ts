import type { Language } from "../../contract/constants";
import type { Executor } from "../platform/db";
import { formatNumberValue, numberValue } from "../platform/i18n";

/**
 * Figures that content may quote. Operators write `{withdraw_min}` instead of "30", and the server fills in the
 * live configuration whenever the text is read: a published text cannot go on advertising a figure that changed.
 * The figures come from the domains that own them (`app.ts` hands funding's `fundingFacts` to `registerContent`).
 */
export type Facts = Record<string, string>;
export type FactSource = (db: Executor) => Promise<Facts>;

const PLACEHOLDER = /\{([a-z][a-z0-9_]{0,40})\}/g;

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Fills known placeholders; unknown ones stay as written (the preview shows them to the operator). A figure is
 * written in the reader's digits ("1.000.000" in es) as every number the app shows; without a language, as stored.
 */
export function fillPlaceholders(text: string, facts: Facts, html: boolean, lang?: Language): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(facts, name)) return whole;
    const value = lang && DECIMAL.test(facts[name]) ? formatNumberValue(lang, numberValue(facts[name])) : facts[name];
    return html ? escapeHtml(value) : value;
  });
}
