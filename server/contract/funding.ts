import { z } from "zod";
import type { LoanStatus } from "./loans";
import { call } from "./define";
import { decimalString, empty, id, idempotencyKey, idInput, imageData, msg, pageQuery, paged, seconds, stepUpFields } from "./common";
import { currencyCode } from "./wallet";

/** Deposit and withdrawal states on the wire (DESIGN.md). */
export const fundingStatus = z.enum(["pending", "review", "succeeded", "failed", "cancelled"]);
export type FundingStatus = z.infer<typeof fundingStatus>;

/**
 * A deposit's states: a voucher's (pending, succeeded, failed, cancelled) and an on-chain transfer's: `confirming`
 * (seen, not yet enough confirmations), `succeeded` (credited), `below_minimum` (listed, not credited), `replaced`
 * (its block was replaced before the count was reached: nothing credited).
 */
export const depositStatus = z.enum(["pending", "review", "succeeded", "failed", "cancelled", "confirming", "below_minimum", "replaced"]);
export type DepositStatus = z.infer<typeof depositStatus>;
/** How a deposit came: a declared transfer with its screenshot, or a transfer the watcher saw on-chain. */
export const depositSource = z.enum(["voucher", "chain"]);
export type DepositSource = z.infer<typeof depositSource>;

/**
 * The socket's `funding` user channel: a deposit or withdrawal the back office decided, pushed once the decision has
 * committed, so the user's balances and records follow at once instead of at their next refresh.
 */
/**
 * A decision or a change that moved the user's money, on the socket's `funding` channel (a loan's status is a loan
 * status; an on-chain deposit also says its confirmations so far).
 */
export type FundingChange = { kind: "deposit" | "withdrawal"; id: number; status: DepositStatus; confirmations?: number } | { kind: "loan"; id: number; status: LoanStatus };

/** A blockchain network: `TRC20`, `ERC20`... */
export const networkCode = z
  .string(msg("MISSING_PARAMETER"))
  .trim()
  .toUpperCase()
  .pipe(z.string().regex(/^[A-Z0-9]{2,16}$/, msg("PARAMETER_ERROR")));

const reason = z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(500, msg("PARAMETER_ERROR"));


// ---- deposits -------------------------------------------------------------------------------------------------

export const depositAddress = call({
  method: "POST",
  path: "wallet/get_in_address",
  access: "user",
  summary: "The platform's receiving address for a deposit network, with the deposit limits",
  tags: ["funding"],
  input: z.object({ currency: currencyCode.default("USDT"), network: networkCode.optional() }),
  output: z.object({
    currency: z.string(),
    address: z.string(),
    network: z.string(),
    min: decimalString,
    max: decimalString,
    /** Every network open for deposits, for the network choice. */
    networks: z.array(z.string()),
    /** The network is watched on-chain: `address` is the user's own, and a transfer to it is credited by itself. */
    auto: z.boolean(),
    /** Watched networks: the confirmations a transfer needs (its own block is the first), and the token's contract. */
    confirmations: z.number().int().nullable(),
    token_contract: z.string().nullable(),
  }),
});

export const depositRequest = call({
  method: "POST",
  path: "wallet/charge_req",
  access: "user",
  summary: "Declare a deposit with the payment screenshot (multipart); an operator reviews it",
  tags: ["funding"],
  files: ["voucher"],
  input: z.object({
    currency: currencyCode.default("USDT"),
    network: networkCode,
    amount: decimalString,
    /** md5 (hex) of the voucher computed by the client; the server recomputes it. */
    md5: z.string(msg("MISSING_PARAMETER")).trim().toLowerCase().pipe(z.string().regex(/^[0-9a-f]{32}$/, msg("FILE_HASH_MISMATCH"))),
    idempotency_key: idempotencyKey,
  }),
  output: z.object({ id: z.number().int(), status: fundingStatus }),
});

export const depositCancel = call({
  method: "POST",
  path: "wallet/charge_cancel",
  access: "user",
  summary: "Cancel one of my pending deposits",
  tags: ["funding"],
  input: idInput,
  output: z.object({ id: z.number().int(), status: fundingStatus }),
});

export const depositItem = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  amount: decimalString,
  status: depositStatus,
  created_at: seconds,
  reviewed_at: seconds.nullable(),
  /** Why an operator refused it. */
  reason: z.string().nullable(),
  source: depositSource,
  /** On-chain deposits: the transfer's transaction, log, block, and its confirmations so far (null for a voucher). */
  tx_hash: z.string().nullable(),
  log_index: z.number().int().nullable(),
  block: z.number().int().nullable(),
  confirmations: z.number().int().nullable(),
});
export type DepositItem = z.infer<typeof depositItem>;

export const depositLog = call({
  method: "GET",
  path: "chargelist/log",
  access: "user",
  summary: "My deposits, newest first",
  tags: ["funding"],
  input: pageQuery,
  output: paged(depositItem),
});

export const depositVoucher = call({
  method: "GET",
  path: "wallet/voucher",
  access: "user",
  summary: "The screenshot of one of my deposits",
  tags: ["funding"],
  input: idInput,
  output: imageData,
});

// ---- withdrawals ----------------------------------------------------------------------------------------------

export const withdrawInfo = call({
  method: "POST",
  path: "wallet/get_info",
  access: "user",
  summary: "Withdrawal rules and my position: minimum, fee, available balance, whether a request is pending",
  tags: ["funding"],
  input: z.object({ currency: currencyCode.default("USDT") }),
  output: z.object({
    currency: z.string(),
    min: decimalString,
    fee: decimalString,
    available: decimalString,
    /** A request is waiting for review (only one at a time). */
    pending: z.boolean(),
    networks: z.array(z.string()),
    decimals: z.number().int(),
    /** Why another domain holds withdrawals back now (the message key, e.g. an open leveraged trade), or null. */
    blocked: z.string().nullable(),
  }),
});

export const addressLabel = z.string().trim().max(32, msg("PARAMETER_ERROR"));

export const addAddress = call({
  method: "POST",
  path: "wallet/addaddress",
  access: "user",
  summary: "Add a withdrawal address to my address book",
  tags: ["funding"],
  input: z.object({
    currency: currencyCode.default("USDT"),
    network: networkCode,
    address: z.string(msg("MISSING_PARAMETER")).trim().min(1, msg("MISSING_PARAMETER")).max(128, msg("ADDRESS_INVALID")),
    label: addressLabel.default(""),
    ...stepUpFields,
  }),
  output: z.object({ id: z.number().int() }),
  stepUp: true,
});

export const deleteAddress = call({
  method: "POST",
  path: "wallet/deladdress",
  access: "user",
  summary: "Delete one of my withdrawal addresses (only the owner may)",
  tags: ["funding"],
  input: idInput.extend({ ...stepUpFields }),
  output: empty,
  stepUp: true,
});

export const withdrawAddress = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  address: z.string(),
  label: z.string(),
  /** When a withdrawal to it is allowed (seconds): `ADDRESS_COOLING_HOURS` after it was added. */
  usable_at: z.number().int(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddress>;

export const addresses = call({
  method: "POST",
  path: "wallet/get_address",
  access: "user",
  summary: "My withdrawal address book",
  tags: ["funding"],
  input: z.object({ currency: currencyCode.default("USDT") }),
  output: z.array(withdrawAddress),
});

export const withdraw = call({
  method: "POST",
  path: "wallet/out",
  access: "user",
  summary: "Request a withdrawal to an address of my book; the amount is frozen until an operator reviews it",
  tags: ["funding"],
  input: z.object({
    currency: currencyCode.default("USDT"),
    amount: decimalString,
    address_id: id(msg("ADDRESS_REQUIRED")),
    trade_password: z.string(msg("MISSING_PARAMETER")).min(1, msg("MISSING_PARAMETER")).max(64, msg("TRADE_PASSWORD_WRONG")),
    idempotency_key: idempotencyKey,
  }),
  output: z.object({ id: z.number().int(), status: fundingStatus, fee: decimalString, receive: decimalString }),
});

export const withdrawalItem = z.object({
  id: z.number().int(),
  currency: z.string(),
  network: z.string(),
  amount: decimalString,
  fee: decimalString,
  receive: decimalString,
  address: z.string(),
  status: fundingStatus,
  tx_hash: z.string().nullable(),
  created_at: seconds,
  reviewed_at: seconds.nullable(),
  reason: z.string().nullable(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItem>;

export const withdrawLog = call({
  method: "GET",
  path: "cashlist/log",
  access: "user",
  summary: "My withdrawals, newest first",
  tags: ["funding"],
  input: pageQuery,
  output: paged(withdrawalItem),
});

/** Compares two non-negative decimal strings exactly (no floats on money, even in validation). */
export function compareDecimals(a: string, b: string): number {
  const [ai, af = ""] = a.split(".");
  const [bi, bf = ""] = b.split(".");
  const wi = Math.max(ai.length, bi.length);
  const wf = Math.max(af.length, bf.length);
  const x = ai.padStart(wi, "0") + af.padEnd(wf, "0");
  const y = bi.padStart(wi, "0") + bf.padEnd(wf, "0");
  return x === y ? 0 : x > y ? 1 : -1;
}

// ---- configuration --------------------------------------------------------------------------------------------

export const depositNetwork = z.object({
  network: networkCode,
  /** The platform's receiving address on this network; empty means not open for deposits. */
  address: z.string().trim().max(128, msg("ADDRESS_INVALID")),
  enabled: z.boolean(),
});

export const fundingConfig = z
  .object({
    deposit: z.object({
      currency: currencyCode,
      min: decimalString,
      max: decimalString,
      networks: z.array(depositNetwork).max(10),
    }),
    withdraw: z.object({
      currency: currencyCode,
      min: decimalString,
      fee: decimalString,
      networks: z.array(networkCode).min(1).max(10),
    }),
  })
  .superRefine((c, ctx) => {
    if (compareDecimals(c.deposit.min, c.deposit.max) > 0) ctx.addIssue({ code: "custom", path: ["deposit", "min"], ...msg("PARAMETER_ERROR") });
    // What a user receives (amount - fee) must be positive at the minimum.
    if (compareDecimals(c.withdraw.fee, c.withdraw.min) >= 0) ctx.addIssue({ code: "custom", path: ["withdraw", "fee"], ...msg("PARAMETER_ERROR") });
    const names = c.deposit.networks.map((n) => n.network);
    if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", path: ["deposit", "networks"], ...msg("PARAMETER_ERROR") });
  });
export type FundingConfig = z.infer<typeof fundingConfig>;

/** One watched EVM network: `NETWORK|rpc_url|token_contract|confirmations` of CHAIN_NETWORKS. */
export const chainNetwork = z.object({
  network: networkCode,
  rpc_url: z
    .string(msg("MISSING_PARAMETER"))
    .trim()
    .url(msg("PARAMETER_ERROR"))
    .refine((u) => /^https?:\/\//.test(u), msg("PARAMETER_ERROR")),
  token_contract: z.string(msg("MISSING_PARAMETER")).trim().regex(/^0x[0-9a-fA-F]{40}$/, msg("ADDRESS_INVALID")),
  confirmations: z.number(msg("PARAMETER_ERROR")).int(msg("PARAMETER_ERROR")).min(1, msg("PARAMETER_ERROR")).max(1000, msg("PARAMETER_ERROR")),
});
export type ChainNetwork = z.infer<typeof chainNetwork>;

/** On-chain deposits: the account-level extended public key users' addresses derive from, and the watched networks. */
export const chainConfig = z
  .object({
    xpub: z.string().trim().max(200, msg("PARAMETER_ERROR")),
    networks: z.array(chainNetwork).max(10),
  })
  .superRefine((c, ctx) => {
    const names = c.networks.map((n) => n.network);
    if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", path: ["networks"], ...msg("PARAMETER_ERROR") });
  });
export type ChainConfig = z.infer<typeof chainConfig>;

// ---- back office ----------------------------------------------------------------------------------------------

const queueQuery = pageQuery.extend({ status: fundingStatus.optional(), user_id: id().optional() });
const depositQueueQuery = pageQuery.extend({ status: depositStatus.optional(), user_id: id().optional(), source: depositSource.optional() });

export const bo = {
  deposits: call({
    method: "GET",
    path: "backoffice/deposits",
    access: "operator",
    summary: "Deposits to review (filter by status), oldest pending first",
    tags: ["backoffice"],
    input: depositQueueQuery,
    output: paged(
      depositItem.extend({
        user_id: z.number().int(),
        account: z.string(),
        address: z.string(),
        voucher_md5: z.string().nullable(),
        reviewed_by: z.string().nullable(),
      }),
    ),
  }),
  depositVoucher: call({
    method: "GET",
    path: "backoffice/deposits/voucher",
    access: "operator",
    summary: "The payment screenshot of a deposit",
    tags: ["backoffice"],
    input: idInput,
    output: imageData,
  }),
  approveDeposit: call({
    method: "POST",
    path: "backoffice/deposits/approve",
    access: "operator",
    summary: "Approve a deposit: the user is credited once, from deposits in transit",
    tags: ["backoffice"],
    input: idInput.extend({ idempotency_key: idempotencyKey }),
    output: z.object({ id: z.number().int(), status: fundingStatus }),
  }),
  rejectDeposit: call({
    method: "POST",
    path: "backoffice/deposits/reject",
    access: "operator",
    summary: "Reject a deposit with a reason the user sees",
    tags: ["backoffice"],
    input: idInput.extend({ reason, idempotency_key: idempotencyKey }),
    output: z.object({ id: z.number().int(), status: fundingStatus }),
  }),
  withdrawals: call({
    method: "GET",
    path: "backoffice/withdrawals",
    access: "operator",
    summary: "Withdrawals to review (filter by status), oldest pending first",
    tags: ["backoffice"],
    input: queueQuery,
    output: paged(withdrawalItem.extend({ user_id: z.number().int(), account: z.string(), reviewed_by: z.string().nullable() })),
  }),
  approveWithdrawal: call({
    method: "POST",
    path: "backoffice/withdrawals/approve",
    access: "operator",
    summary: "Mark a withdrawal paid with its payout transaction hash: the frozen amount leaves, the fee to the fee account",
    tags: ["backoffice"],
    input: idInput.extend({
      tx_hash: z.string(msg("MISSING_PARAMETER")).trim().regex(/^(0x)?[0-9a-fA-F]{64}$/, msg("PARAMETER_ERROR")),
      idempotency_key: idempotencyKey,
    }),
    output: z.object({ id: z.number().int(), status: fundingStatus }),
  }),
  rejectWithdrawal: call({
    method: "POST",
    path: "backoffice/withdrawals/reject",
    access: "operator",
    summary: "Reject a withdrawal with a reason: the frozen amount returns to available",
    tags: ["backoffice"],
    input: idInput.extend({ reason, idempotency_key: idempotencyKey }),
    output: z.object({ id: z.number().int(), status: fundingStatus }),
  }),
  config: call({
    method: "GET",
    path: "backoffice/funding/config",
    access: "operator",
    summary: "Funding configuration: deposit limits, networks and receiving addresses, withdrawal minimum and fee",
    tags: ["backoffice"],
    input: z.object({}),
    output: fundingConfig,
  }),
  saveConfig: call({
    method: "POST",
    path: "backoffice/funding/config",
    access: "operator",
    summary: "Change the funding configuration (admin; audited)",
    tags: ["backoffice"],
    input: z.object({ config: fundingConfig }),
    output: fundingConfig,
  }),
  chainConfig: call({
    method: "GET",
    path: "backoffice/funding/chain",
    access: "operator",
    summary: "On-chain deposits: the extended public key and the watched networks (the environment's until saved here)",
    tags: ["backoffice"],
    input: z.object({}),
    output: chainConfig.and(z.object({ from: z.enum(["environment", "back_office"]) })),
  }),
  saveChainConfig: call({
    method: "POST",
    path: "backoffice/funding/chain",
    access: "operator",
    summary: "Change the on-chain deposit configuration (admin; audited; an xprv is refused)",
    tags: ["backoffice"],
    input: z.object({ config: chainConfig }),
    output: chainConfig,
  }),
  chainStatus: call({
    method: "GET",
    path: "backoffice/funding/chain/status",
    access: "operator",
    summary: "Each watched network: the watcher's cursor, the chain's head, the lag, the last error",
    tags: ["backoffice"],
    input: z.object({}),
    output: z.object({
      list: z.array(
        z.object({
          network: z.string(),
          token_contract: z.string(),
          confirmations: z.number().int(),
          cursor: z.number().int().nullable(),
          head: z.number().int().nullable(),
          lag: z.number().int().nullable(),
          failures: z.number().int(),
          error: z.string().nullable(),
          error_at: seconds.nullable(),
          updated_at: seconds.nullable(),
        }),
      ),
    }),
  }),
  ledgerSummary: call({
    method: "GET",
    path: "backoffice/ledger/summary",
    access: "operator",
    summary: "What users hold per currency, the platform accounts, and the ledger's invariant check",
    tags: ["backoffice"],
    input: z.object({}),
    output: z.object({
      liabilities: z.array(z.object({ currency: z.string(), available: decimalString, frozen: decimalString })),
      platform: z.array(z.object({ platform: z.string(), currency: z.string(), balance: z.string() })),
      problems: z.array(z.string()),
    }),
  }),
};
