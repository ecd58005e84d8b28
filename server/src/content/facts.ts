import type { Executor } from "../platform/db";

/**
 * Figures that content may quote. Operators write `{withdraw_min}` instead of "30", and the server fills in the
 * live configuration whenever the text is read: a published text cannot go on advertising a figure that changed.
 * The figures come from the domains that own them (`app.ts` hands funding's `fundingFacts` to `registerContent`).
 */
export type Facts = Record<string, string>;
export type FactSource = (db: Executor) => Promise<Facts>;

const PLACEHOLDER = /\{([a-z][a-z0-9_]{0,40})\}/g;

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Fills known placeholders; unknown ones stay as written (the preview shows them to the operator). */
export function fillPlaceholders(text: string, facts: Facts, html: boolean): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(facts, name)) return whole;
    return html ? escapeHtml(facts[name]) : facts[name];
  });
}
