import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReads } from "../ledger";
import { createTestServer, type TestServer } from "../testing/harness";
import { WithdrawalGuards } from "./withdrawal-guards";
import { WithdrawalService } from "./withdrawals.service";
import {
  addAddress,
  credit,
  expectLedgerSound,
  passKyc,
  PLAIN_WITHDRAWAL_RULES,
  randomErc20,
  readyUser,
  setTradePassword,
  LOGIN_PASSWORD,
  TRADE_PASSWORD,
  TX_HASH,
  walletOf,
  type ReadyUser,
} from "../testing/money";
import { openUserSocket } from "../testing/socket";

let server: TestServer;
let reviewer: { token: string };
let support: { token: string };
beforeAll(async () => {
  server = await createTestServer();
  reviewer = await server.newOperator("reviewer");
  support = await server.newOperator("support");
});
afterAll(async () => {
  await server?.close();
});

const withdraw = (user: ReadyUser, change: Record<string, unknown> = {}) =>
  server.call<{ id: number; status: string; fee: string; receive: string }>(
    "POST",
    "wallet/out",
    { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD, ...change },
    { token: user.token },
  );

const countWithdrawals = async (userId: number) =>
  Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM withdrawals WHERE user_id = $1", [userId]))[0].n);

describe("wallet/get_info", () => {
  it("shows the published rules and the user's position", async () => {
    const user = await readyUser(server, "100");
    const info = await server.call("POST", "wallet/get_info", { currency: "USDT" }, { token: user.token });
    expect(info.body.message).toEqual({ currency: "USDT", min: "30", fee: "3", available: "100", pending: false, networks: ["TRC20", "ERC20"], decimals: 6, blocked: null });
    await withdraw(user);
    const after = await server.call<{ pending: boolean; available: string }>("POST", "wallet/get_info", { currency: "USDT" }, { token: user.token });
    expect(after.body.message).toMatchObject({ pending: true, available: "70" });
  });
});

describe("wallet/out", () => {
  it("freezes 30, sends 27 and keeps 3 as the fee once an operator pays it out", async () => {
    const user = await readyUser(server, "100");
    const res = await withdraw(user);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ id: expect.any(Number), status: "pending", fee: "3", receive: "27" });
    expect(await walletOf(server, user.token)).toMatchObject({ balance: "100", available: "70", frozen: "30" });

    const log = await server.call<{ list: { status: string; amount: string; fee: string; receive: string }[]; total: number }>("GET", "cashlist/log", { page: 1, limit: 10 }, { token: user.token });
    expect(log.body.message.total).toBe(1);
    expect(log.body.message.list[0]).toMatchObject({ status: "pending", amount: "30", fee: "3", receive: "27", tx_hash: null });

    const approved = await server.call("POST", "backoffice/withdrawals/approve", { id: res.body.message.id, tx_hash: TX_HASH }, { token: reviewer.token });
    expect(approved.body.message).toEqual({ id: res.body.message.id, status: "succeeded" });
    expect(await walletOf(server, user.token)).toMatchObject({ balance: "70", available: "70", frozen: "0" });
    const paid = await server.call<{ list: { status: string; tx_hash: string }[] }>("GET", "cashlist/log", { page: 1, limit: 10 }, { token: user.token });
    expect(paid.body.message.list[0]).toMatchObject({ status: "succeeded", tx_hash: TX_HASH });

    const lines = await ledgerReads.entries(server.database.db, user.id, { page: 1, limit: 10 });
    expect(lines.list.map((l) => [l.kind, l.cause_kind, l.change, l.balance])).toEqual([
      ["withdrawal.settle", "withdrawal", "-30", "70"],
      ["withdrawal.hold", "withdrawal", "0", "100"],
      ["deposit", "deposit", "100", "100"],
    ]);
    const settle = await server.database.query<{ platform: string; amount: string }>(
      `SELECT a.platform, p.amount FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       JOIN ledger_entries e ON e.id = p.entry_id WHERE e.idempotency_key = $1 AND a.platform IS NOT NULL ORDER BY a.platform`,
      [`withdrawal:${res.body.message.id}:settle`],
    );
    expect(settle.map((s) => [s.platform, Number(s.amount)])).toEqual([
      ["fees", 3],
      ["withdrawals_out", 27],
    ]);
    await expectLedgerSound(server);
  });

  it("pushes the payout and the refusal to the user's socket once committed", async () => {
    const user = await readyUser(server, "100");
    const socket = await openUserSocket(server, user.token);
    socket.send({ op: "subscribe", channel: "funding" });
    await socket.next((m) => m.op === "subscribed");
    const paid = (await withdraw(user)).body.message.id;
    await server.call("POST", "backoffice/withdrawals/approve", { id: paid, tx_hash: TX_HASH }, { token: reviewer.token });
    expect((await socket.next((m) => m.channel === "funding")).data).toEqual({ kind: "withdrawal", id: paid, status: "succeeded" });
    const refused = (await withdraw(user)).body.message.id;
    await server.call("POST", "backoffice/withdrawals/reject", { id: refused, reason: "Address flagged" }, { token: reviewer.token });
    expect((await socket.next((m) => m.channel === "funding")).data).toEqual({ kind: "withdrawal", id: refused, status: "failed" });
    socket.close();
  });

  it("returns the whole amount when the operator rejects it, with the reason in the records", async () => {
    const user = await readyUser(server, "50");
    const res = await withdraw(user, { amount: "50" });
    const rejected = await server.call("POST", "backoffice/withdrawals/reject", { id: res.body.message.id, reason: "Address flagged by compliance" }, { token: reviewer.token });
    expect(rejected.body.message).toEqual({ id: res.body.message.id, status: "failed" });
    expect(await walletOf(server, user.token)).toMatchObject({ available: "50", frozen: "0" });
    const log = await server.call<{ list: { status: string; reason: string }[] }>("GET", "cashlist/log", {}, { token: user.token });
    expect(log.body.message.list[0]).toMatchObject({ status: "failed", reason: "Address flagged by compliance" });
    // The next request is allowed again.
    expect((await withdraw(user)).status).toBe(200);
    await expectLedgerSound(server);
  });

  type Setup = (user: ReadyUser) => Promise<Record<string, unknown> | void>;
  const refusals: [string, Setup, number, string][] = [
    ["29 USDT (below the 30 minimum)", async () => ({ amount: "29" }), 400, "WITHDRAW_BELOW_MIN"],
    ["29.999999 USDT", async () => ({ amount: "29.999999" }), 400, "WITHDRAW_BELOW_MIN"],
    ["zero", async () => ({ amount: "0" }), 400, "AMOUNT_NOT_POSITIVE"],
    ["a negative amount", async () => ({ amount: "-30" }), 400, "AMOUNT_ERROR"],
    ["not a number", async () => ({ amount: "thirty" }), 400, "AMOUNT_ERROR"],
    ["more decimals than USDT has", async () => ({ amount: "30.0000001" }), 400, "AMOUNT_ERROR"],
    ["another currency", async () => ({ currency: "BTC" }), 400, "CURRENCY_TYPE_WRONG"],
    ["KYC not submitted", async (u) => passKyc(server, u.id, 0), 403, "REAL_NAME_REQUIRED"],
    ["KYC under review", async (u) => passKyc(server, u.id, 1), 403, "REAL_NAME_REQUIRED"],
    ["KYC rejected", async (u) => passKyc(server, u.id, 3), 403, "REAL_NAME_REQUIRED"],
    [
      "no trading password set",
      async (u) => {
        await server.database.query("UPDATE users SET trade_password_hash = NULL WHERE id = $1", [u.id]);
      },
      400,
      "TRADE_PASSWORD_REQUIRED",
    ],
    ["a wrong trading password", async () => ({ trade_password: "wrong-one" }), 400, "TRADE_PASSWORD_WRONG"],
    ["a missing trading password", async () => ({ trade_password: undefined }), 400, "MISSING_PARAMETER"],
    [
      "a credential change less than 24 h ago",
      async (u) => {
        await server.database.query("UPDATE users SET withdraw_locked_until = $1 WHERE id = $2", [new Date(server.clock.now().getTime() + 3_600_000), u.id]);
      },
      403,
      "WITHDRAW_LOCKED",
    ],
    [
      "another user's address",
      async () => {
        const other = await server.newUser();
        return { address_id: await addAddress(server, other.token, randomErc20(), "ERC20", LOGIN_PASSWORD) };
      },
      400,
      "ADDRESS_REQUIRED",
    ],
    ["an address that does not exist", async () => ({ address_id: 999_999 }), 400, "ADDRESS_REQUIRED"],
    ["no address at all", async () => ({ address_id: undefined }), 400, "MISSING_PARAMETER"],
    ["more than the available balance", async () => ({ amount: "100.000001" }), 400, "INSUFFICIENT_BALANCE"],
    [
      "a request while another is pending",
      async (u) => {
        expect((await withdraw(u, { amount: "30" })).status).toBe(200);
      },
      409,
      "WITHDRAW_PENDING",
    ],
  ];
  it.each(refusals)("refuses %s and changes nothing", async (_what, setup, status, code) => {
    const user = await readyUser(server, "100");
    const change = (await setup(user)) ?? {};
    const before = await walletOf(server, user.token);
    const count = await countWithdrawals(user.id);
    const payload: Record<string, unknown> = { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD, ...change };
    for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
    const res = await server.call("POST", "wallet/out", payload, { token: user.token });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await walletOf(server, user.token)).toEqual(before);
    expect(await countWithdrawals(user.id)).toBe(count);
  });

  it("refuses a frozen account (the session ends)", async () => {
    const user = await readyUser(server, "100");
    await server.database.query("UPDATE users SET frozen = true WHERE id = $1", [user.id]);
    const res = await withdraw(user);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: 999, code: "ACCOUNT_FROZEN" });
  });

  it("does not lock a first trading password, locks a change for 24 hours, then lets the user withdraw", async () => {
    const user = await server.newUser();
    await passKyc(server, user.id);
    await credit(server, user.id, "100");
    await setTradePassword(server, user.token, "first123");
    const addressId = await addAddress(server, user.token, randomErc20(), "ERC20", "first123");
    const ready = { token: user.token, id: user.id, addressId };
    const changed = await server.call("POST", "safe/update_password", { type: "trade", old_password: "first123", password: TRADE_PASSWORD, re_password: TRADE_PASSWORD }, { token: user.token });
    expect(changed.status).toBe(200);
    expect((await withdraw(ready)).body.code).toBe("WITHDRAW_LOCKED");
    server.clock.advance(24 * 3_600_000 + 1000);
    expect((await withdraw(ready)).status).toBe(200);
  });

  it("asks the other domains' guards (an open leveraged position refuses)", async () => {
    const user = await readyUser(server, "100");
    const guards = new WithdrawalGuards();
    guards.register(async (_db, userId) => (userId === user.id ? "OPEN_LEVER_TRADE" : null));
    const service = new WithdrawalService(server.database.db, server.clock, guards, PLAIN_WITHDRAWAL_RULES);
    await expect(service.request(user.id, { currency: "USDT", amount: "30", address_id: user.addressId, trade_password: TRADE_PASSWORD })).rejects.toMatchObject({
      code: "OPEN_LEVER_TRADE",
    });
    expect(await countWithdrawals(user.id)).toBe(0);
    const other = await readyUser(server, "100");
    expect((await service.request(other.id, { currency: "USDT", amount: "30", address_id: other.addressId, trade_password: TRADE_PASSWORD })).status).toBe("pending");
  });
});

describe("idempotency of wallet/out", () => {
  it("answers a repeat with the first result and moves nothing more", async () => {
    const user = await readyUser(server, "100");
    const key = `wd-${Date.now()}-repeat`;
    const first = await withdraw(user, { idempotency_key: key });
    const again = await withdraw(user, { idempotency_key: key });
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(await countWithdrawals(user.id)).toBe(1);
    expect(await walletOf(server, user.token)).toMatchObject({ available: "70", frozen: "30" });
  });

  it("refuses a repeat with another body", async () => {
    const user = await readyUser(server, "100");
    const key = `wd-${Date.now()}-conflict`;
    await withdraw(user, { idempotency_key: key });
    const other = await withdraw(user, { idempotency_key: key, amount: "31" });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_CONFLICT");
    expect(await countWithdrawals(user.id)).toBe(1);
  });

  it("evaluates a retry afresh after a refusal", async () => {
    const user = await readyUser(server, "100");
    const key = `wd-${Date.now()}-retry`;
    expect((await withdraw(user, { idempotency_key: key, trade_password: "wrong-one" })).body.code).toBe("TRADE_PASSWORD_WRONG");
    expect((await withdraw(user, { idempotency_key: key })).status).toBe(200);
  });

  it("refuses a malformed key", async () => {
    const user = await readyUser(server, "100");
    expect((await withdraw(user, { idempotency_key: "bad key!" })).body.code).toBe("PARAMETER_ERROR");
  });
});

describe("withdrawal review", () => {
  // Operator sessions last a shift; earlier tests moved the clock a day ahead.
  beforeAll(async () => {
    reviewer = await server.newOperator("reviewer");
    support = await server.newOperator("support");
  });

  it("pays out once: a second approval or a rejection after it is refused", async () => {
    const user = await readyUser(server, "100");
    const { id } = (await withdraw(user)).body.message;
    expect((await server.call("POST", "backoffice/withdrawals/approve", { id, tx_hash: TX_HASH }, { token: reviewer.token })).status).toBe(200);
    const twice = await server.call("POST", "backoffice/withdrawals/approve", { id, tx_hash: TX_HASH }, { token: reviewer.token });
    expect(twice.body.code).toBe("ORDER_STATUS_ERROR");
    const reject = await server.call("POST", "backoffice/withdrawals/reject", { id, reason: "late" }, { token: reviewer.token });
    expect(reject.body.code).toBe("ORDER_STATUS_ERROR");
    expect(await walletOf(server, user.token)).toMatchObject({ available: "70", frozen: "0" });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ["an unknown withdrawal", { id: 999_999, tx_hash: TX_HASH }, "DATA_NOT_FOUND"],
    ["a malformed tx hash", { tx_hash: "0x1234" }, "PARAMETER_ERROR"],
    ["a missing tx hash", { tx_hash: undefined }, "MISSING_PARAMETER"],
  ];
  it.each(bad)("refuses to approve with %s", async (_what, change, code) => {
    const user = await readyUser(server, "100");
    const { id } = (await withdraw(user)).body.message;
    const payload: Record<string, unknown> = { id, tx_hash: TX_HASH, ...change };
    for (const k of Object.keys(payload)) if (payload[k] === undefined) delete payload[k];
    const res = await server.call("POST", "backoffice/withdrawals/approve", payload, { token: reviewer.token });
    expect(res.body.code).toBe(code);
    expect(await walletOf(server, user.token)).toMatchObject({ available: "70", frozen: "30" });
  });

  it("needs a reason to reject", async () => {
    const user = await readyUser(server, "100");
    const { id } = (await withdraw(user)).body.message;
    expect((await server.call("POST", "backoffice/withdrawals/reject", { id, reason: "  " }, { token: reviewer.token })).body.code).toBe("MISSING_PARAMETER");
  });

  it("lets support read the queue but not decide, and a user not at all", async () => {
    const user = await readyUser(server, "100");
    const { id } = (await withdraw(user)).body.message;
    const queue = await server.call<{ list: { id: number; account: string; status: string }[] }>("GET", "backoffice/withdrawals", { status: "pending" }, { token: support.token });
    expect(queue.body.message.list.some((w) => w.id === id)).toBe(true);
    const denied = await server.call("POST", "backoffice/withdrawals/approve", { id, tx_hash: TX_HASH }, { token: support.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("UNAUTHORIZED_OPERATION");
    const asUser = await server.call("POST", "backoffice/withdrawals/approve", { id, tx_hash: TX_HASH }, { token: user.token });
    expect(asUser.status).toBe(401);
  });

  it("writes every decision to the audit log with who, what and when", async () => {
    const user = await readyUser(server, "100");
    const { id } = (await withdraw(user)).body.message;
    await server.call("POST", "backoffice/withdrawals/reject", { id, reason: "Wrong network" }, { token: reviewer.token });
    const rows = await server.database.query<{ action: string; actor_kind: string; detail: { reason?: string } }>(
      "SELECT action, actor_kind, detail FROM audit_log WHERE target_kind = 'withdrawal' AND target_id = $1 ORDER BY id",
      [String(id)],
    );
    expect(rows.map((r) => [r.action, r.actor_kind])).toEqual([
      ["withdrawal.request", "user"],
      ["withdrawal.reject", "operator"],
    ]);
    expect(rows[1].detail.reason).toBe("Wrong network");
  });
});
