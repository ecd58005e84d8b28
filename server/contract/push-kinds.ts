// Zod-free, as constants.ts, but a file of its own: the app's first routes load constants.ts, and these are needed
// only by the notification settings and the service worker.
/**
 * What a Web Push may be about (server/contract/push.ts): a limit order filled, a position closed by take-profit,
 * stop-loss or liquidation, a margin warning, an option's result, funding, KYC and loan decisions, a support reply,
 * a price alert.
 */
export const PUSH_KINDS = ["fill", "close", "margin_warning", "option_result", "deposit", "withdrawal", "kyc", "loan", "support", "alert"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The screens a push opens (hash routes of the app, src/shared/lib/paths.ts), named once for every domain. */
export const PUSH_SCREENS = {
  positions: "#/pages/order/contract",
  forexPositions: "#/pages/whdetail/order",
  spotOrders: "#/pages/order/trade",
  options: "#/pages/order/strategy",
  deposits: "#/pages/order/charge",
  withdrawals: "#/pages/order/withdraw",
  kyc: "#/pages/me/kyc",
  loans: "#/pages/loan/records",
  support: "#/pages/service/index",
  alerts: "#/pages/alerts/index",
} as const;
