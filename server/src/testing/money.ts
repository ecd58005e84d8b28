/**
 * Helpers for money tests (not a test file): a user ready to withdraw, money credited the way an approved deposit
 * credits it, and the wallet as the API shows it.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { ledger, ledgerReads, transfers } from "../ledger";
import { putSetting } from "../platform/settings";
import type { Answer, TestServer } from "./harness";
import { postMultipart, type FilePart } from "./multipart";
import { DEFAULT_FUNDING_CONFIG, FUNDING_CONFIG_KEY, type WithdrawalRules } from "../funding";

export const TRC20_ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
export const ERC20_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
export const PLATFORM_TRC20 = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
export const PLATFORM_ERC20 = "0x000000000000000000000000000000000000dEaD";
export const TRADE_PASSWORD = "trade123";
/** The harness's `newUser()` login password. */
export const LOGIN_PASSWORD = "secret123";
export const TX_HASH = `0x${"ab".repeat(32)}`;

/** A withdrawal service's rules for tests that build one alone: the secret checked without the account's throttle, no cooling. */
export const PLAIN_WITHDRAWAL_RULES: WithdrawalRules = {
  guardSecret: async (_account, verify, refusal) => {
    if (!(await verify())) throw refusal();
  },
  coolingHours: 0,
};

/** A fresh 0x address (the address book refuses duplicates). */
export const randomErc20 = () => `0x${randomBytes(20).toString("hex")}`;

/** POSTs a multipart deposit request, as the app's client does (fields + the voucher file). */
export const depositRequest = (target: TestServer, token: string, fields: Record<string, string | undefined>, file?: FilePart): Promise<Answer<{ id: number; status: string }>> =>
  postMultipart(target, "/api/wallet/charge_req", { token, fields, files: { voucher: file && { name: "screenshot.png", ...file } } });

/** Opens both deposit networks with receiving addresses (closed by default until an operator sets them). */
export async function openDeposits(server: TestServer): Promise<void> {
  await putSetting(server.database.db, FUNDING_CONFIG_KEY, {
    ...DEFAULT_FUNDING_CONFIG,
    deposit: {
      ...DEFAULT_FUNDING_CONFIG.deposit,
      networks: [
        { network: "TRC20", address: PLATFORM_TRC20, enabled: true },
        { network: "ERC20", address: PLATFORM_ERC20, enabled: true },
      ],
    },
  });
}

let credits = 0;

/** Credits a user as an approved deposit does (deposits in transit -> user). */
export async function credit(server: TestServer, userId: number, amount: string, currency = "USDT"): Promise<void> {
  const id = `${process.pid}-${++credits}-${randomBytes(3).toString("hex")}`;
  await server.database.db.transaction((tx) =>
    ledger.post(tx, {
      key: `test-credit:${id}`,
      ...transfers.depositCredit({ userId, currency, amount, depositId: id }),
    }),
  );
}

export async function passKyc(server: TestServer, userId: number, status: 0 | 1 | 2 | 3 = 2): Promise<void> {
  await server.database.query("UPDATE users SET review_status = $1 WHERE id = $2", [status, userId]);
}

/** Sets the first trading password; the step-up proof of a user without one is the login password. */
export async function setTradePassword(server: TestServer, token: string, password = TRADE_PASSWORD, loginPassword = LOGIN_PASSWORD): Promise<void> {
  const res = await server.call("POST", "safe/update_password", { type: "trade", password, re_password: password, step_up: loginPassword }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Saves an address; `stepUp` is the user's proof (the trading password, or the login password while none is set). */
export async function addAddress(server: TestServer, token: string, address = TRC20_ADDRESS, network = "TRC20", stepUp = TRADE_PASSWORD): Promise<number> {
  const res = await server.call<{ id: number }>("POST", "wallet/addaddress", { currency: "USDT", network, address, label: "mine", step_up: stepUp }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.id;
}

export interface ReadyUser {
  token: string;
  id: number;
  addressId: number;
}

/** A user who passed KYC, set a trading password, saved an address and holds `balance` USDT. */
export async function readyUser(server: TestServer, balance = "100"): Promise<ReadyUser> {
  const user = await server.newUser();
  await passKyc(server, user.id);
  await setTradePassword(server, user.token);
  const addressId = await addAddress(server, user.token, randomErc20(), "ERC20");
  if (balance !== "0") await credit(server, user.id, balance);
  return { token: user.token, id: user.id, addressId };
}

export interface WalletView {
  currency: string;
  balance: string;
  available: string;
  frozen: string;
  usdt_value: string | null;
}

export async function walletOf(server: TestServer, token: string, currency = "USDT"): Promise<WalletView> {
  const res = await server.call<WalletView[]>("POST", "wallet/list", {}, { token });
  expect(res.status).toBe(200);
  const wallet = res.body.message.find((w) => w.currency === currency);
  if (!wallet) throw new Error(`no ${currency} wallet`);
  return wallet;
}

export async function expectLedgerSound(server: TestServer): Promise<void> {
  expect(await ledgerReads.verify(server.database.db)).toEqual([]);
}

export { freshPng, md5Of, PDF_BYTES, tinyPng } from "./images";
export { DEFAULT_FUNDING_CONFIG, FUNDING_CONFIG_KEY };
