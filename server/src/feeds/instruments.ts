import type { MarketKind } from "../../contract/market";

/**
 * The instruments the platform lists, with their default trading rules and how the simulator moves them.
 * Trading rules are copied into `market_pairs` at first start (an operator changes them there afterwards); the
 * simulation parameters stay here.
 */
export interface Instrument {
  symbol: string;
  base: string;
  quote: string;
  kind: MarketKind;
  /** Decimals of a price (the tick size is 10^-precision). */
  pricePrecision: number;
  quantityStep: string;
  quantityMin: string;
  quantityMax: string;
  /** The platform's full bid/ask spread, a fraction of the price. */
  spreadRate: string;
  /** Units of the base asset in one lot. */
  contractSize: string;
  sim: SimParams;
  /** The instrument's name on each venue that lists it, derived from base and quote (never written per pair). */
  binance?: string;
  okx?: string;
  bybit?: string;
  /** OANDA's name (forex and metals): EUR/USD -> EUR_USD, XAU/USD -> XAU_USD. */
  oanda?: string;
}

export interface SimParams {
  /** Where the simulated price starts, and the level it drifts back to over months. */
  reference: number;
  /** Annualised volatility of log returns (0.6 = 60%: bitcoin-like; 0.07: EUR/USD-like). */
  volatilityAnnual: number;
  /** Standard deviation of the log price around `reference` in the long run (keeps years of history plausible). */
  anchorStd: number;
  /** Typical base-asset volume traded in a day. */
  volumeDaily: number;
  /** Each venue's typical deviation from the consensus price and its typical half-spread, fractions. */
  venueDeviation: number;
  venueHalfSpread: number;
}

const crypto = (base: string, reference: number, precision: number, step: string, min: string, max: string, volatilityAnnual: number, volumeDaily: number): Instrument => ({
  symbol: `${base}/USDT`,
  base,
  quote: "USDT",
  kind: "crypto",
  pricePrecision: precision,
  quantityStep: step,
  quantityMin: min,
  quantityMax: max,
  spreadRate: "0.0004",
  contractSize: "1",
  sim: { reference, volatilityAnnual, anchorStd: 0.45, volumeDaily, venueDeviation: 0.0006, venueHalfSpread: 0.0002 },
  binance: `${base}USDT`,
  okx: `${base}-USDT`,
  bybit: `${base}USDT`,
});

const fx = (base: string, quote: string, reference: number, precision: number, volatilityAnnual: number, kind: MarketKind = "forex", contractSize = "100000", spreadRate = "0.00004"): Instrument => ({
  symbol: `${base}/${quote}`,
  base,
  quote,
  kind,
  pricePrecision: precision,
  quantityStep: "0.01",
  quantityMin: "0.01",
  quantityMax: "100",
  spreadRate,
  contractSize,
  sim: {
    reference,
    volatilityAnnual,
    anchorStd: kind === "metal" ? 0.25 : 0.08,
    volumeDaily: kind === "metal" ? 50_000 : 200_000,
    venueDeviation: kind === "metal" ? 0.0002 : 0.00004,
    venueHalfSpread: kind === "metal" ? 0.0001 : 0.00002,
  },
  oanda: `${base}_${quote}`,
});

export const INSTRUMENTS: readonly Instrument[] = [
  crypto("BTC", 65_000, 2, "0.0001", "0.0001", "100", 0.55, 25_000),
  crypto("ETH", 3_200, 2, "0.001", "0.001", "2000", 0.7, 350_000),
  crypto("BNB", 590, 2, "0.001", "0.01", "5000", 0.6, 600_000),
  crypto("SOL", 150, 3, "0.01", "0.01", "20000", 0.9, 3_000_000),
  crypto("XRP", 0.6, 5, "1", "1", "5000000", 0.8, 500_000_000),
  crypto("DOGE", 0.15, 6, "1", "10", "20000000", 1.0, 2_000_000_000),
  crypto("ADA", 0.45, 5, "1", "1", "5000000", 0.85, 400_000_000),
  crypto("TRX", 0.12, 6, "1", "10", "20000000", 0.6, 800_000_000),
  crypto("LTC", 80, 2, "0.001", "0.01", "20000", 0.7, 600_000),
  crypto("DOT", 7, 4, "0.01", "0.1", "200000", 0.85, 5_000_000),
  fx("EUR", "USD", 1.085, 5, 0.07),
  fx("GBP", "USD", 1.27, 5, 0.08),
  fx("USD", "JPY", 150, 3, 0.09),
  fx("AUD", "USD", 0.66, 5, 0.1),
  fx("USD", "CHF", 0.89, 5, 0.075),
  fx("USD", "CAD", 1.36, 5, 0.06),
  fx("XAU", "USD", 2_350, 2, 0.15, "metal", "100", "0.0002"),
  fx("XAG", "USD", 28, 3, 0.28, "metal", "5000", "0.0004"),
];

const bySymbol = new Map(INSTRUMENTS.map((i) => [i.symbol, i]));
export const instrumentOf = (symbol: string): Instrument | undefined => bySymbol.get(symbol);
