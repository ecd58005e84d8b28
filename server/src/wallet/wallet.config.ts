import { z } from "zod";
import { decimalString } from "../../contract";
import type { Executor } from "../platform/db";
import { getSetting } from "../platform/settings";

/**
 * Which currencies have wallets, their decimals, the flash-exchange pairs and fee, and the reference prices used
 * until a live price source is wired in (settings key `wallet.config`; these defaults otherwise).
 */
const walletConfigSchema = z.object({
  currencies: z.array(z.object({ code: z.string().regex(/^[A-Z0-9]{2,12}$/), decimals: z.number().int().min(0).max(18) })).min(1),
  flash: z.object({
    fee_rate: decimalString,
    pairs: z.array(z.object({ from: z.string(), to: z.string(), min: decimalString, max: decimalString })),
  }),
  /** USDT price of one unit of each currency: the fallback PriceSource (PriceSource interface in price-source.ts). */
  reference_prices: z.record(z.string(), decimalString),
});
export type WalletConfig = z.infer<typeof walletConfigSchema>;

export const WALLET_CONFIG_KEY = "wallet.config";

export const DEFAULT_WALLET_CONFIG: WalletConfig = {
  currencies: [
    { code: "USDT", decimals: 6 },
    { code: "BTC", decimals: 8 },
    { code: "ETH", decimals: 8 },
  ],
  flash: {
    fee_rate: "0.002",
    pairs: [
      { from: "USDT", to: "BTC", min: "10", max: "100000" },
      { from: "BTC", to: "USDT", min: "0.0001", max: "10" },
      { from: "USDT", to: "ETH", min: "10", max: "100000" },
      { from: "ETH", to: "USDT", min: "0.005", max: "200" },
    ],
  },
  reference_prices: { USDT: "1", BTC: "65000", ETH: "3200" },
};

export async function loadWalletConfig(db: Executor): Promise<WalletConfig> {
  const stored = await getSetting<unknown>(db, WALLET_CONFIG_KEY);
  if (stored === null) return DEFAULT_WALLET_CONFIG;
  const parsed = walletConfigSchema.safeParse(stored);
  // Only code writes this setting: a value that does not parse is a bug, and fails loudly.
  if (!parsed.success) throw new Error(`Invalid setting ${WALLET_CONFIG_KEY}: ${parsed.error.message}`);
  return parsed.data;
}

export function decimalsOf(config: WalletConfig, currency: string): number | null {
  return config.currencies.find((c) => c.code === currency)?.decimals ?? null;
}
