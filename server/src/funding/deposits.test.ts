import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerReads } from "../ledger";
import { createTestServer, type Answer, type TestServer } from "../testing/harness";
import { depositRequest, expectLedgerSound, freshPng, md5Of, openDeposits, PDF_BYTES, PLATFORM_ERC20, PLATFORM_TRC20, walletOf } from "../testing/money";
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

const deposit = (token: string, amount = "100", png = freshPng(), change: Record<string, string | undefined> = {}) =>
  depositRequest(server, token, { currency: "USDT", network: "TRC20", amount, md5: md5Of(png), ...change }, { data: png });

const countDeposits = async (userId: number) =>
  Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM deposits WHERE user_id = $1", [userId]))[0].n);

describe("wallet/get_in_address", () => {
  it("is closed until an operator sets a receiving address", async () => {
    const user = await server.newUser();
    const closed = await server.call("POST", "wallet/get_in_address", { currency: "USDT" }, { token: user.token });
    expect(closed.status).toBe(403);
    expect(closed.body.code).toBe("DEPOSIT_NETWORK_CLOSED");
    await openDeposits(server);
    const open = await server.call("POST", "wallet/get_in_address", { currency: "USDT" }, { token: user.token });
    expect(open.body.message).toEqual({ currency: "USDT", address: PLATFORM_TRC20, network: "TRC20", min: "10", max: "1000000", networks: ["TRC20", "ERC20"], auto: false, confirmations: null, token_contract: null });
    const erc = await server.call<{ address: string }>("POST", "wallet/get_in_address", { currency: "USDT", network: "erc20" }, { token: user.token });
    expect(erc.body.message.address).toBe(PLATFORM_ERC20);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["another currency", { currency: "BTC" }, "CURRENCY_TYPE_WRONG"],
    ["a network without an address", { network: "BEP20" }, "DEPOSIT_NETWORK_CLOSED"],
  ];
  it.each(refusals)("refuses %s", async (_what, input, code) => {
    await openDeposits(server);
    const user = await server.newUser();
    expect((await server.call("POST", "wallet/get_in_address", { currency: "USDT", ...input }, { token: user.token })).body.code).toBe(code);
  });
});

describe("wallet/charge_req", () => {
  beforeAll(async () => {
    await openDeposits(server);
  });

  it("records a pending deposit with its screenshot and credits nothing until approved", async () => {
    const user = await server.newUser();
    const png = freshPng();
    const res = await deposit(user.token, "125.5", png);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual({ id: expect.any(Number), status: "pending" });
    expect((await walletOf(server, user.token)).balance).toBe("0");
    const log = await server.call<{ list: { id: number; amount: string; status: string; network: string }[]; total: number }>("GET", "chargelist/log", {}, { token: user.token });
    expect(log.body.message.total).toBe(1);
    expect(log.body.message.list[0]).toMatchObject({ id: res.body.message.id, amount: "125.5", status: "pending", network: "TRC20", reason: null });
    const voucher = await server.call<{ content_type: string; data: string }>("GET", "wallet/voucher", { id: res.body.message.id }, { token: user.token });
    expect(voucher.body.message.content_type).toBe("image/png");
    expect(Buffer.from(voucher.body.message.data, "base64").equals(png)).toBe(true);
  });

  it("shows the voucher to its owner and to operators, to nobody else", async () => {
    const owner = await server.newUser();
    const other = await server.newUser();
    const { id } = (await deposit(owner.token)).body.message;
    const stranger = await server.call("GET", "wallet/voucher", { id }, { token: other.token });
    expect(stranger.body.code).toBe("DEPOSIT_RECEIPT_NOT_FOUND");
    expect((await server.call("GET", "wallet/voucher", { id })).status).toBe(401);
    expect((await server.call("GET", "backoffice/deposits/voucher", { id }, { token: support.token })).status).toBe(200);
    expect((await server.call("GET", "backoffice/deposits/voucher", { id }, { token: owner.token })).status).toBe(401);
  });

  type Case = [string, (token: string) => Promise<Answer>, number, string];
  const refusals: Case[] = [
    ["an amount below the minimum", (t) => deposit(t, "9.99"), 400, "AMOUNT_BELOW_MIN"],
    ["an amount above the maximum", (t) => deposit(t, "1000000.01"), 400, "AMOUNT_ABOVE_MAX"],
    ["a zero amount", (t) => deposit(t, "0"), 400, "AMOUNT_NOT_POSITIVE"],
    ["more decimals than USDT has", (t) => deposit(t, "10.0000001"), 400, "AMOUNT_ERROR"],
    ["no amount", (t) => deposit(t, "10", freshPng(), { amount: undefined }), 400, "MISSING_PARAMETER"],
    ["a network that is not open", (t) => deposit(t, "10", freshPng(), { network: "BEP20" }), 403, "DEPOSIT_NETWORK_CLOSED"],
    ["another currency", (t) => deposit(t, "10", freshPng(), { currency: "BTC" }), 400, "CURRENCY_TYPE_WRONG"],
    ["no screenshot", (t) => depositRequest(server, t, { currency: "USDT", network: "TRC20", amount: "10", md5: md5Of(freshPng()) }), 400, "MISSING_PARAMETER"],
    [
      "a PDF renamed to .png",
      (t) => depositRequest(server, t, { currency: "USDT", network: "TRC20", amount: "10", md5: md5Of(PDF_BYTES) }, { data: PDF_BYTES, name: "screenshot.png", type: "image/png" }),
      415,
      "FILE_TYPE_WRONG",
    ],
    [
      "an md5 that is not the file's",
      (t) => depositRequest(server, t, { currency: "USDT", network: "TRC20", amount: "10", md5: md5Of(freshPng()) }, { data: freshPng() }),
      400,
      "FILE_HASH_MISMATCH",
    ],
    ["a malformed md5", (t) => deposit(t, "10", freshPng(), { md5: "xyz" }), 400, "FILE_HASH_MISMATCH"],
    [
      "a JSON body instead of multipart",
      (t) => server.call("POST", "wallet/charge_req", { currency: "USDT", network: "TRC20", amount: "10", md5: md5Of(freshPng()) }, { token: t }),
      400,
      "UPLOAD_FAILED",
    ],
  ];
  it.each(refusals)("refuses %s and records nothing", async (_what, send, status, code) => {
    const user = await server.newUser();
    const res = await send(user.token);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await countDeposits(user.id)).toBe(0);
  });

  it("refuses the same screenshot twice, from anybody, until the first deposit is cancelled", async () => {
    const user = await server.newUser();
    const other = await server.newUser();
    const png = freshPng();
    const first = await deposit(user.token, "50", png);
    expect(first.status).toBe(200);
    // The user's own earlier deposit is named by its number...
    const again = await deposit(user.token, "50", png);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      type: "error",
      code: "DEPOSIT_VOUCHER_REUSED",
      message: "该截图已用于您的充值单 #{order}",
      fields: { voucher: "该截图已用于您的充值单 #{order}" },
      values: { order: String(first.body.message.id) },
    });
    // ...another user's never is.
    const stranger = await deposit(other.token, "50", png);
    expect(stranger.body).toEqual({ type: "error", code: "FILE_EXISTS", message: "文件已存在", fields: { voucher: "文件已存在" } });
    expect(await countDeposits(user.id)).toBe(1);
    await server.call("POST", "wallet/charge_cancel", { id: first.body.message.id }, { token: user.token });
    expect((await deposit(user.token, "50", png)).status).toBe(200);
  });

  it("answers a repeated request (same idempotency key) with the first result", async () => {
    const user = await server.newUser();
    const png = freshPng();
    const a = await deposit(user.token, "20", png, { idempotency_key: "dep-key-00001" });
    const b = await deposit(user.token, "20", png, { idempotency_key: "dep-key-00001" });
    expect(b.body.message).toEqual(a.body.message);
    expect(await countDeposits(user.id)).toBe(1);
  });

  it("caps the deposits one user has waiting for review (3 by default), a cancelled one making room", async () => {
    const user = await server.newUser();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await deposit(user.token, "1000000");
      expect(res.status).toBe(200);
      ids.push(res.body.message.id);
    }
    const fourth = await deposit(user.token, "1000000");
    expect(fourth.status).toBe(409);
    // Its own message (deposits waiting for review), not "a withdrawal request already exists".
    expect(fourth.body).toMatchObject({ code: "DEPOSIT_PENDING_MAX", message: "您待审核的充值申请已达上限，请等待审核后再提交" });
    expect(await countDeposits(user.id)).toBe(3);
    // Checked before the upload is read: a screenshot that would be refused (over the size limit) is not looked at.
    const huge = await depositRequest(server, user.token, { currency: "USDT", network: "TRC20", amount: "10", md5: "0".repeat(32) }, { data: Buffer.alloc(6 * 1024 * 1024) });
    expect([huge.status, huge.body.code]).toEqual([409, "DEPOSIT_PENDING_MAX"]);
    expect((await server.call("POST", "wallet/charge_cancel", { id: ids[0] }, { token: user.token })).status).toBe(200);
    expect((await deposit(user.token, "1000000")).status).toBe(200);
    // Another user is not held back by this one's queue.
    expect((await deposit((await server.newUser()).token, "10")).status).toBe(200);
  });

  it("holds the cap against a burst of parallel requests", async () => {
    const user = await server.newUser();
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit(user.token, "10")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(await countDeposits(user.id)).toBe(3);
  });

  it("refuses a file over the size limit", async () => {
    const small = await createTestServer({ UPLOAD_MAX_BYTES: 1024 });
    try {
      await openDeposits(small);
      const user = await small.newUser();
      const big = Buffer.concat([freshPng(), Buffer.alloc(4096)]);
      const res = await depositRequest(small, user.token, { currency: "USDT", network: "TRC20", amount: "10", md5: md5Of(big) }, { data: big });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe("FILE_TOO_LARGE");
      expect(Number((await small.database.query<{ n: string }>("SELECT count(*) AS n FROM deposits"))[0].n)).toBe(0);
    } finally {
      await small.close();
    }
  });
});

describe("wallet/charge_cancel", () => {
  beforeAll(async () => {
    await openDeposits(server);
  });

  it("cancels my pending deposit once; not another's; not a decided one", async () => {
    const user = await server.newUser();
    const other = await server.newUser();
    const { id } = (await deposit(user.token)).body.message;
    expect((await server.call("POST", "wallet/charge_cancel", { id }, { token: other.token })).body.code).toBe("DEPOSIT_RECEIPT_NOT_FOUND");
    const res = await server.call("POST", "wallet/charge_cancel", { id }, { token: user.token });
    expect(res.body.message).toEqual({ id, status: "cancelled" });
    expect((await server.call("POST", "wallet/charge_cancel", { id }, { token: user.token })).body.code).toBe("DEPOSIT_RECEIPT_STATUS");
    expect((await server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer.token })).body.code).toBe("DEPOSIT_RECEIPT_STATUS");
    const approved = (await deposit(user.token)).body.message.id;
    await server.call("POST", "backoffice/deposits/approve", { id: approved }, { token: reviewer.token });
    expect((await server.call("POST", "wallet/charge_cancel", { id: approved }, { token: user.token })).body.code).toBe("DEPOSIT_RECEIPT_STATUS");
    expect((await server.call("POST", "wallet/charge_cancel", { id: 999_999 }, { token: user.token })).body.code).toBe("DEPOSIT_RECEIPT_NOT_FOUND");
  });
});

describe("deposit review", () => {
  beforeAll(async () => {
    await openDeposits(server);
  });

  it("credits the user once from deposits in transit, with the deposit as the cause", async () => {
    const user = await server.newUser();
    const { id } = (await deposit(user.token, "250")).body.message;
    const queue = await server.call<{ list: { id: number; account: string; amount: string; status: string }[] }>("GET", "backoffice/deposits", { status: "pending" }, { token: reviewer.token });
    expect(queue.body.message.list.find((d) => d.id === id)).toMatchObject({ amount: "250", status: "pending" });
    const approved = await server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer.token });
    expect(approved.body.message).toEqual({ id, status: "succeeded" });
    const twice = await server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer.token });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("DEPOSIT_RECEIPT_STATUS");
    expect((await server.call("POST", "backoffice/deposits/reject", { id, reason: "late" }, { token: reviewer.token })).body.code).toBe("DEPOSIT_RECEIPT_STATUS");
    expect(await walletOf(server, user.token)).toMatchObject({ balance: "250", available: "250" });
    const lines = await ledgerReads.entries(server.database.db, user.id, { page: 1, limit: 5 });
    expect(lines.list).toEqual([expect.objectContaining({ kind: "deposit", cause_kind: "deposit", cause_id: String(id), change: "250", balance: "250" })]);
    const log = await server.call<{ list: { status: string; reviewed_at: number | null }[] }>("GET", "chargelist/log", {}, { token: user.token });
    expect(log.body.message.list[0].status).toBe("succeeded");
    expect(log.body.message.list[0].reviewed_at).toEqual(expect.any(Number));
    await expectLedgerSound(server);
  });

  it("rejects with a reason the user sees, crediting nothing", async () => {
    const user = await server.newUser();
    const { id } = (await deposit(user.token, "80")).body.message;
    expect((await server.call("POST", "backoffice/deposits/reject", { id, reason: "" }, { token: reviewer.token })).body.code).toBe("MISSING_PARAMETER");
    const res = await server.call("POST", "backoffice/deposits/reject", { id, reason: "No transfer found on chain" }, { token: reviewer.token });
    expect(res.body.message).toEqual({ id, status: "failed" });
    expect((await walletOf(server, user.token)).balance).toBe("0");
    const log = await server.call<{ list: { status: string; reason: string }[] }>("GET", "chargelist/log", {}, { token: user.token });
    expect(log.body.message.list[0]).toMatchObject({ status: "failed", reason: "No transfer found on chain" });
  });

  it("pushes each decision to the depositor's socket once committed, and to nobody else's", async () => {
    const user = await server.newUser();
    const other = await server.newUser();
    const mine = await openUserSocket(server, user.token);
    const theirs = await openUserSocket(server, other.token);
    for (const socket of [mine, theirs]) {
      socket.send({ op: "subscribe", channel: "funding" });
      await socket.next((m) => m.op === "subscribed");
    }
    const first = (await deposit(user.token, "40")).body.message.id;
    const second = (await deposit(user.token, "50")).body.message.id;
    await server.call("POST", "backoffice/deposits/approve", { id: first }, { token: reviewer.token });
    expect((await mine.next((m) => m.channel === "funding")).data).toEqual({ kind: "deposit", id: first, status: "succeeded" });
    await server.call("POST", "backoffice/deposits/reject", { id: second, reason: "No transfer found" }, { token: reviewer.token });
    expect((await mine.next((m) => m.channel === "funding")).data).toEqual({ kind: "deposit", id: second, status: "failed" });
    // A refused decision changes nothing and says nothing.
    expect((await server.call("POST", "backoffice/deposits/approve", { id: first }, { token: reviewer.token })).body.code).toBe("DEPOSIT_RECEIPT_STATUS");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine.messages.some((m) => m.channel === "funding")).toBe(false);
    expect(theirs.messages.some((m) => m.channel === "funding")).toBe(false);
    mine.close();
    theirs.close();
  });

  it("lets support look but not decide, and audits every decision", async () => {
    const user = await server.newUser();
    const { id } = (await deposit(user.token, "30")).body.message;
    expect((await server.call("POST", "backoffice/deposits/approve", { id }, { token: support.token })).body.code).toBe("UNAUTHORIZED_OPERATION");
    expect((await server.call("POST", "backoffice/deposits/approve", { id: 987_654 }, { token: reviewer.token })).body.code).toBe("DEPOSIT_RECEIPT_NOT_FOUND");
    await server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer.token });
    const rows = await server.database.query<{ action: string; actor_kind: string }>("SELECT action, actor_kind FROM audit_log WHERE target_kind = 'deposit' AND target_id = $1 ORDER BY id", [String(id)]);
    expect(rows.map((r) => [r.action, r.actor_kind])).toEqual([
      ["deposit.request", "user"],
      ["deposit.approve", "operator"],
    ]);
  });
});

describe("funding configuration", () => {
  it("is read by reviewers, changed only by admins, validated and audited", async () => {
    const admin = await server.newOperator("admin");
    const current = await server.call<Record<string, unknown>>("GET", "backoffice/funding/config", {}, { token: reviewer.token });
    expect(current.status).toBe(200);
    const config = {
      deposit: { currency: "USDT", min: "20", max: "5000", networks: [{ network: "TRC20", address: PLATFORM_TRC20, enabled: true }] },
      withdraw: { currency: "USDT", min: "50", fee: "2", networks: ["TRC20"] },
    };
    expect((await server.call("POST", "backoffice/funding/config", { config }, { token: reviewer.token })).body.code).toBe("UNAUTHORIZED_OPERATION");
    const bad: [string, unknown, string][] = [
      ["a fee not below the minimum", { ...config, withdraw: { ...config.withdraw, fee: "50" } }, "PARAMETER_ERROR"],
      ["a minimum above the maximum", { ...config, deposit: { ...config.deposit, min: "6000" } }, "PARAMETER_ERROR"],
      ["a malformed receiving address", { ...config, deposit: { ...config.deposit, networks: [{ network: "TRC20", address: "Tnope", enabled: true }] } }, "ADDRESS_INVALID"],
      ["a negative amount", { ...config, withdraw: { ...config.withdraw, min: "-1" } }, "AMOUNT_ERROR"],
    ];
    for (const [what, value, code] of bad) {
      expect((await server.call("POST", "backoffice/funding/config", { config: value }, { token: admin.token })).body.code, what).toBe(code);
    }
    const saved = await server.call("POST", "backoffice/funding/config", { config }, { token: admin.token });
    expect(saved.body.message).toEqual(config);
    const user = await server.newUser();
    const info = await server.call("POST", "wallet/get_info", { currency: "USDT" }, { token: user.token });
    expect(info.body.message).toMatchObject({ min: "50", fee: "2", networks: ["TRC20"] });
    const address = await server.call("POST", "wallet/get_in_address", { currency: "USDT" }, { token: user.token });
    expect(address.body.message).toMatchObject({ min: "20", max: "5000", networks: ["TRC20"] });
    const audit = await server.database.query<{ detail: { after: unknown } }>("SELECT detail FROM audit_log WHERE action = 'funding.config.save' ORDER BY id DESC LIMIT 1");
    expect(audit[0].detail.after).toEqual(config);
    await openDeposits(server);
  });

  it("shows the ledger summary with a clean check to admins", async () => {
    const admin = await server.newOperator("admin");
    const res = await server.call<{ problems: string[]; platform: unknown[] }>("GET", "backoffice/ledger/summary", {}, { token: admin.token });
    expect(res.body.message.problems).toEqual([]);
    expect((await server.call("GET", "backoffice/ledger/summary", {}, { token: reviewer.token })).body.code).toBe("UNAUTHORIZED_OPERATION");
  });
});
