import { generateKeyPairSync, randomBytes } from "node:crypto";
import { z } from "zod";
import { UPLOAD_MAX_BYTES_DEFAULT } from "../../contract/constants";

/** Every setting comes from the environment, is validated here once, and a bad value stops the process. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  /**
   * The origin users open the app at (`https://app.example.com`): links in e-mails point there, passkeys are bound
   * to it, and its host is their RP ID. Unset: `http://localhost:<PORT>`. Browsers take plain http only on localhost, and no IP address as an RP ID.
   */
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(localhost|[A-Za-z0-9-]+\.localhost))(:\d{1,5})?$/, "an origin: https://host[:port] (http only on localhost), no path")
    .refine((origin) => !/^[\d.]+$/.test(new URL(origin).hostname), "a host name: browsers refuse an IP address as a passkey's RP ID")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Prefixes the bus's Redis channels, so deployments (and test runs) sharing a Redis stay apart. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,40}$/).default("tw:"),
  ROOT_INVITE_CODE: z.string().regex(/^[A-Za-z0-9]{4,32}$/).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("TradeWise <no-reply@tradewise.local>"),
  MARKET_SOURCE: z.enum(["sim", "binance"]).default("sim"),
  /** Binance's public stream (MARKET_SOURCE=binance); a local replay server in tests. */
  BINANCE_STREAM_URL: z.string().url().default("wss://stream.binance.com:9443"),
  /** Bearer token of `GET /metrics` (Prometheus); unset, the metrics are not served at all. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Crypto venues whose public streams price the crypto pairs together (a pair's tick is its fresh venues' median):
   * a comma list of binance, okx, bybit. Unset: binance when MARKET_SOURCE=binance, else simulated.
   */
  MARKET_VENUES: z
    .string()
    .regex(/^\s*(binance|okx|bybit)\s*(,\s*(binance|okx|bybit)\s*)*$/, "a comma list of binance, okx, bybit")
    .transform((v) => [...new Set(v.split(",").map((s) => s.trim()))] as ("binance" | "okx" | "bybit")[])
    .optional(),
  /** OKX's v5 public WebSocket and Bybit's v5 public spot stream; local replay servers in tests. */
  OKX_STREAM_URL: z.string().url().default("wss://ws.okx.com:8443/ws/v5/public"),
  BYBIT_STREAM_URL: z.string().url().default("wss://stream.bybit.com/v5/public/spot"),
  /** Forex and metals: simulated (sim), or OANDA's v20 pricing stream (oanda: needs OANDA_TOKEN and OANDA_ACCOUNT_ID). */
  FX_SOURCE: z.enum(["sim", "oanda"]).default("sim"),
  OANDA_TOKEN: z.string().min(1).optional(),
  OANDA_ACCOUNT_ID: z.string().regex(/^[A-Za-z0-9-]{1,40}$/).optional(),
  /** OANDA's stream host (the practice accounts' is https://stream-fxpractice.oanda.com); a local replay server in tests. */
  OANDA_STREAM_URL: z.string().url().default("https://stream-fxtrade.oanda.com"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-For from a load balancer (rate limits key on the client address). */
  TRUST_PROXY: z.stringbool().default(false),
  /** Requests per minute per client address on login, register and code sending. */
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(20),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(UPLOAD_MAX_BYTES_DEFAULT),
  /** A user session's absolute lifetime, however much it is used. */
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** A user session unused this long is over (sliding: every use moves it on). */
  SESSION_IDLE_HOURS: z.coerce.number().int().positive().default(72),
  /**
   * How long (ms) a checked session is taken as it was read without reading it again: one query fewer on every
   * request. Every way the app ends a session or changes what it carries forgets it at once, in every process (the
   * bus); 0 reads every time (the server tests, which edit rows behind the app's back).
   */
  SESSION_REMEMBER_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  /**
   * Creates these operators at start when they do not exist yet, for automated deployments and tests:
   * `name:password:BASE32TOTPSECRET:role`, several separated by commas. Interactive setups use
   * `npm run operator -- create` instead.
   */
  BOOTSTRAP_OPERATOR: z
    .string()
    .regex(
      /^[^:,]+:[^:,]{10,}:[A-Z2-7]{32,}:(admin|reviewer|support)(,[^:,]+:[^:,]{10,}:[A-Z2-7]{32,}:(admin|reviewer|support))*$/,
      "name:password(10+):BASE32SECRET(32+ characters, 160 bits or more):role[,...]",
    )
    .optional(),
  /**
   * 32 bytes (64 hex characters) sealing operators' TOTP secrets in the database (AES-256-GCM). Unset: a key is
   * generated once into `<DATA_DIR>/operator-secret.key` (0600). Several processes must share one: set it.
   */
  OPERATOR_SECRET_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "64 hex characters (32 bytes)").optional(),
  /** Most pending deposits one user may have waiting for review at once. */
  DEPOSIT_PENDING_MAX: z.coerce.number().int().positive().default(3),
  /**
   * On-chain deposits: the account-level extended public key (m/44'/60'/0') a user's address derives from (child
   * /0/<user id>). Watch-only: a private key (xprv) stops the start, since the server must never hold one.
   */
  DEPOSIT_XPUB: z
    .string()
    .trim()
    .refine((v) => !/^[a-z]prv/i.test(v), "is an extended PRIVATE key (xprv): give the account's extended public key (xpub) instead; the server must never hold a private key")
    .refine((v) => v === "" || /^[a-z]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(v), "is not an extended public key (xpub...)")
    .optional(),
  /** Watched EVM networks: `NETWORK|rpc_url|token_contract|confirmations`, comma-separated. */
  CHAIN_NETWORKS: z
    .string()
    .trim()
    .regex(/^$|^[A-Za-z0-9]{2,16}\|https?:\/\/[^|,\s]+\|0x[0-9a-fA-F]{40}\|[1-9][0-9]{0,3}(,[A-Za-z0-9]{2,16}\|https?:\/\/[^|,\s]+\|0x[0-9a-fA-F]{40}\|[1-9][0-9]{0,3})*$/, "NETWORK|rpc_url|token_contract|confirmations[,...]")
    .optional(),
  /** How often the leader reads each watched network (ms). */
  CHAIN_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(4_000),
  /**
   * Hours a new withdrawal address waits before it can receive a withdrawal (a thief who just got in cannot empty
   * the account at once); 0 turns the wait off.
   */
  ADDRESS_COOLING_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * The oldest tick a fill, an option's opening or a close may use, per pair kind (ms). Older than this, the pair's
   * prices are paused: orders are refused TRADING_CLOSED and the quotes say paused (a feed outage or a restart must
   * never let anyone trade on a price the market has left behind).
   */
  TICK_MAX_AGE_CRYPTO_MS: z.coerce.number().int().min(1000).max(120_000).default(5_000),
  TICK_MAX_AGE_FOREX_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  TICK_MAX_AGE_METAL_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Serve the built PWA from this folder (empty: API only). */
  STATIC_DIR: z.string().default("dist"),
  /**
   * The VAPID key pair of Web Push (RFC 8292), base64url: the public key an uncompressed P-256 point (65 bytes), the
   * private key its 32-byte scalar. Unset: a pair is generated once into `<DATA_DIR>/vapid.json` (0600). Several
   * processes must share one pair (a browser's subscription is bound to the public key): set both.
   */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "base64url of a 65-byte uncompressed P-256 point").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "base64url of a 32-byte P-256 private key").optional(),
  /** Who runs the pushes, for the push services (a mailto: or https: URL). */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, "a mailto: or https: URL").default("mailto:no-reply@tradewise.local"),
  /**
   * Origins a push subscription's endpoint may be on (comma-separated, `https://host[:port]`, `*.` for any
   * subdomain). Unset: the push services of the major browsers (push.service.ts).
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .regex(/^\s*https:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?\s*(,\s*https:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?\s*)*$/, "comma-separated https origins, `*.` allowed")
    .optional(),
  /**
   * Node reads this file of extra certificate authorities at start; the push sender also trusts it explicitly
   * (beside the built-in authorities), so a push service behind a private CA works.
   */
  NODE_EXTRA_CA_CERTS: z.string().optional(),
}).refine((c) => (c.VAPID_PUBLIC_KEY === undefined) === (c.VAPID_PRIVATE_KEY === undefined), {
  message: "set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither",
  path: ["VAPID_PRIVATE_KEY"],
}).refine((c) => c.FX_SOURCE !== "oanda" || (c.OANDA_TOKEN !== undefined && c.OANDA_ACCOUNT_ID !== undefined), {
  message: "FX_SOURCE=oanda needs OANDA_TOKEN and OANDA_ACCOUNT_ID",
  path: ["OANDA_TOKEN"],
});

export type Config = z.infer<typeof schema>;

/** The app's public origin, for links in e-mails (never the request's Host, which the caller chooses). */
export function publicOrigin(config: Pick<Config, "PUBLIC_ORIGIN" | "PORT">): string {
  return config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : `http://localhost:${config.PORT}`;
}

/** The origin passkeys are bound to, and its host, their RP ID (PUBLIC_ORIGIN, else localhost at PORT). */
export function passkeyOrigin(config: Pick<Config, "PUBLIC_ORIGIN" | "PORT">): { origin: string; rpId: string } {
  const origin = publicOrigin(config);
  return { origin, rpId: new URL(origin).hostname };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** One operator secret key per test process: no key file is written beside the tests. */
const TEST_OPERATOR_SECRET_KEY = randomBytes(32).toString("hex");

/** One VAPID key pair per test process: no key file is written beside the tests. */
const TEST_VAPID = (() => {
  const jwk = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { VAPID_PUBLIC_KEY: point.toString("base64url"), VAPID_PRIVATE_KEY: jwk.d! };
})();

/** Configuration for tests: quiet, generous limits, nothing served statically. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "", RATE_LIMIT_AUTH: "1000", SESSION_REMEMBER_MS: "0", ADDRESS_COOLING_HOURS: "0", OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY, ...TEST_VAPID }), ...overrides };
}
