import { z } from "zod";
import { call } from "./define";
import { decimalString, id, idempotencyKey, msg, pageQuery, paged, seconds, wholeNumber } from "./common";

/**
 * AI arbitrage and hosting: one earn engine. A product discloses its daily
 * rate and the APR computed from it (daily_rate x 365, never typed), who pays the return and the risk; a
 * subscription holds the principal, income is paid each day at 00:00 UTC from the platform's rewards account, the
 * principal is released at maturity, and a hosting order may end early at the disclosed penalty.
 */

export const earnKinds = ["arbitrage", "hosting"] as const;
export const earnKind = z.enum(earnKinds, msg("PARAMETER_ERROR"));
export type EarnKind = z.infer<typeof earnKind>;

export const productStatuses = ["open", "closed"] as const;
export const productStatus = z.enum(productStatuses, msg("PARAMETER_ERROR"));

export const orderStatuses = ["pending", "running", "ended", "failed"] as const;
export const orderStatus = z.enum(orderStatuses);
export type EarnOrderStatus = z.infer<typeof orderStatus>;

export const product = z.object({
  id: z.number().int(),
  kind: earnKind,
  name: z.string(),
  currency: z.string(),
  min: decimalString,
  max: decimalString,
  days: z.number().int().positive(),
  daily_rate: decimalString,
  /** daily_rate x 365, computed. */
  apr: decimalString,
  participants: z.number().int().nonnegative(),
  /** 0 means no cap. */
  max_participants: z.number().int().nonnegative(),
  status: productStatus,
  /** Hosting: the share of the principal kept on early termination. */
  early_exit_penalty_rate: decimalString,
  /** Who pays the return, in the operator's words, shown to the user. */
  funded_by: z.string(),
  risk_note: z.string(),
});
export type Product = z.infer<typeof product>;

export const order = z.object({
  id: z.number().int(),
  order_no: z.string(),
  product_id: z.number().int(),
  /** The product's name when subscribed. */
  name: z.string(),
  kind: earnKind,
  currency: z.string(),
  amount: decimalString,
  daily_rate: decimalString,
  apr: decimalString,
  days: z.number().int(),
  /** Income of one full day (amount x daily_rate, rounded down to 8 decimals). */
  daily_income: decimalString,
  income_total: decimalString,
  income_yesterday: decimalString,
  /** Days paid so far. */
  paid_days: z.number().int().nonnegative(),
  status: orderStatus,
  end_reason: z.enum(["maturity", "early"]).nullable(),
  early_exit_penalty_rate: decimalString,
  penalty: decimalString.nullable(),
  /** What an early termination would return now (hosting, running): amount - penalty. */
  early_exit_return: decimalString.nullable(),
  started_at: seconds.nullable(),
  ends_at: seconds.nullable(),
  ended_at: seconds.nullable(),
  created_at: seconds,
});
export type EarnOrder = z.infer<typeof order>;

export const income = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  kind: earnKind,
  amount: decimalString,
  currency: z.string(),
  /** The UTC day the income was earned for (YYYY-MM-DD); it is paid at 00:00 UTC the next day. */
  day: z.string(),
  created_at: seconds,
});
export type EarnIncome = z.infer<typeof income>;

const listStatus = z.enum(["running", "ended"], msg("PARAMETER_ERROR")).default("running");

export const projects = call({
  method: "GET",
  path: "project",
  access: "user",
  summary: "AI arbitrage products: daily rate and APR, limits, term, participants, who pays the return, the risk",
  tags: ["earn"],
  input: z.object({ status: productStatus.default("open") }),
  output: z.array(product),
});

export const subscribe = call({
  method: "POST",
  path: "project/order",
  access: "user",
  summary: "Subscribe to an AI arbitrage product: the amount is held until maturity, income is paid daily",
  tags: ["earn"],
  input: z.object({ project_id: id(msg("PID_EMPTY")), amount: decimalString, idempotency_key: idempotencyKey }),
  output: order,
});

export const orders = call({
  method: "GET",
  path: "project/orders",
  access: "user",
  summary: "My AI arbitrage orders, in progress or ended, with their income",
  tags: ["earn"],
  input: pageQuery.extend({ status: listStatus }),
  output: paged(order),
});

export const hostingConfig = call({
  method: "GET",
  path: "lh/deposit/config",
  access: "user",
  summary: "Hosting products (open ones): daily rate and APR, limits, term, early-exit penalty, who pays the return",
  tags: ["earn"],
  input: z.object({}),
  output: z.array(product),
});

export const hostingSubscribe = call({
  method: "POST",
  path: "lh/deposit",
  access: "user",
  summary: "Host an amount in a hosting product: held until maturity, income paid daily, early exit at the penalty",
  tags: ["earn"],
  input: z.object({ product_id: id(msg("PID_EMPTY")), amount: decimalString, idempotency_key: idempotencyKey }),
  output: order,
});

export const hostingCancel = call({
  method: "POST",
  path: "lh/deposit/cancel",
  access: "user",
  summary: "End a hosting order early (contract break): the principal minus the penalty returns, paid income is kept",
  tags: ["earn"],
  input: z.object({ id: id(), idempotency_key: idempotencyKey }),
  output: order,
});

export const hostingSum = call({
  method: "GET",
  path: "lh/deposit/ordersum",
  access: "user",
  summary: "My hosting totals: hosted now, total income, yesterday's income, running orders",
  tags: ["earn"],
  input: z.object({}),
  output: z.object({ hosted: decimalString, total_income: decimalString, yesterday_income: decimalString, running: z.number().int().nonnegative(), currency: z.string() }),
});

export const hostingOrders = call({
  method: "GET",
  path: "lh/deposit/order",
  access: "user",
  summary: "My hosting orders, in progress or ended",
  tags: ["earn"],
  input: pageQuery.extend({ status: listStatus }),
  output: paged(order),
});

export const records = call({
  method: "GET",
  path: "lh/deposit/records",
  access: "user",
  summary: "Daily income records (hosting by default; kind=arbitrage or order_id for one order's)",
  tags: ["earn"],
  input: pageQuery.extend({ kind: earnKind.default("hosting"), order_id: id().optional() }),
  output: paged(income),
});

// ---- back office ----------------------------------------------------------------------------------------------

const rate = z.string().trim().regex(/^(0|0?\.\d{1,8}|1(\.0{1,8})?)$/, msg("PARAMETER_ERROR"));

export const productInput = z.object({
  /** Absent: a new product. */
  id: id().optional(),
  kind: earnKind,
  name: z.string().trim().min(1, msg("MISSING_PARAMETER")).max(80, msg("PARAMETER_ERROR")),
  currency: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2,12}$/, msg("PARAMETER_ERROR")).default("USDT"),
  min: decimalString,
  max: decimalString,
  days: wholeDays(),
  daily_rate: rate,
  early_exit_penalty_rate: rate.default("0"),
  max_participants: wholeNumber(0, 10_000_000).default(0),
  status: productStatus.default("open"),
  funded_by: z.string().trim().min(1, msg("MISSING_PARAMETER")).max(500, msg("PARAMETER_ERROR")),
  risk_note: z.string().trim().min(1, msg("MISSING_PARAMETER")).max(2000, msg("PARAMETER_ERROR")),
  /** KYC countries (ISO alpha-2) the product is not offered to. */
  countries_off: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/)).max(300).default([]),
});
export type ProductInput = z.infer<typeof productInput>;

function wholeDays() {
  return wholeNumber(1, 3650);
}

export const adminProduct = product.extend({ countries_off: z.array(z.string()), created_at: seconds, updated_at: seconds });

export const liability = z.object({
  currency: z.string(),
  /** Principal held in running orders. */
  principal: decimalString,
  /** Income still to pay to maturity on running orders. */
  income_due: decimalString,
  /** The platform's rewards account (negative: what it has paid out beyond what it received). */
  rewards_balance: z.string(),
  running_orders: z.number().int().nonnegative(),
});

export const backofficeProducts = call({
  method: "GET",
  path: "backoffice/earn/products",
  access: "operator",
  summary: "Earn products (arbitrage and hosting, open and closed) and the earn liabilities against the rewards account",
  tags: ["backoffice", "earn"],
  input: z.object({ kind: earnKind.optional() }),
  output: z.object({ list: z.array(adminProduct), liabilities: z.array(liability) }),
});

export const backofficeProductSave = call({
  method: "POST",
  path: "backoffice/earn/products/save",
  access: "operator",
  summary: "Create or edit an earn product, or close it (status closed). Running orders keep the terms they subscribed to.",
  tags: ["backoffice", "earn"],
  input: productInput,
  output: adminProduct,
});
