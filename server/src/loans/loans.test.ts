import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Loan, LoanConfig } from "../../contract/loans";
import { ledgerReads, money } from "../ledger";
import { createTestServer, testDatabaseKind, type Answer, type TestServer } from "../testing/harness";
import { credit, expectLedgerSound, freshPng, md5Of, passKyc, PDF_BYTES, walletOf } from "../testing/money";
import { postMultipart } from "../testing/multipart";
import { openUserSocket } from "../testing/socket";

/**
 * Credit loans through their HTTP calls, on PGlite and PostgreSQL: the application with its five photos, the
 * operator's decision credited through the ledger, repayments, overdue accrual by the leader; races on PostgreSQL.
 */

let server: TestServer;
let reviewer: string;
const FIELDS = ["house", "income", "bank", "id_front", "id_hand"] as const;

type Photos = Partial<Record<(typeof FIELDS)[number], Buffer>>;
const fivePhotos = (): Photos => Object.fromEntries(FIELDS.map((f) => [f, freshPng()]));

function apply(token: string, fields: Record<string, string | undefined>, photos: Photos = fivePhotos()): Promise<Answer<Loan>> {
  const md5s = Object.fromEntries(Object.entries(photos).flatMap(([field, data]) => (data ? [[`${field}_md5`, md5Of(data)]] : [])));
  return postMultipart(server, "/api/lh/loan/submit", { token, fields: { amount: "1000", days: "7", agree: "1", ...md5s, ...fields }, files: photos });
}

async function borrower(balance = "0") {
  const u = await server.newUser();
  await passKyc(server, u.id);
  if (balance !== "0") await credit(server, u.id, balance);
  return u;
}

async function asReviewer<T>(method: "GET" | "POST", path: string, body: Record<string, unknown>) {
  let res = await server.call<T>(method, path, body, { token: reviewer });
  if (res.status === 401) {
    const now = server.clock.now().getTime();
    reviewer = (await server.newOperator("reviewer")).token;
    server.clock.set(now);
    res = await server.call<T>(method, path, body, { token: reviewer });
  }
  return res;
}

const approve = (id: number) => asReviewer<Loan>("POST", "backoffice/loans/approve", { id });
const repay = (token: string, id: number, amount?: string) => server.call<Loan>("POST", "lh/loan/repayment", { id, ...(amount ? { amount } : {}) }, { token });

beforeAll(async () => {
  // Sessions outlive the loans' weeks this suite moves through.
  server = await createTestServer({ SESSION_TTL_DAYS: 365 });
  server.clock.set(Date.parse("2026-12-01T10:30:00Z"));
  reviewer = (await server.newOperator("reviewer")).token;
});
afterAll(async () => {
  await server?.close();
});

describe("config and statistics", () => {
  it("shows the cycles with daily rate and APR, the overdue rate, the uploads and the agreement", async () => {
    const u = await borrower();
    const res = await server.call<LoanConfig>("GET", "lh/loan/config", {}, { token: u.token });
    expect(res.body.message).toMatchObject({ currency: "USDT", min: "100", overdue_daily_rate: "0.002", agreement: "jkxy", required: [...FIELDS] });
    expect(res.body.message.cycles[0]).toEqual({ days: 7, daily_rate: "0.001", apr: "0.365" });
    const stats = await server.call<Record<string, string>>("GET", "lh/loan/statistics", {}, { token: u.token });
    expect(stats.body.message).toMatchObject({ borrowed: "0", outstanding: "0", repaid: "0", overdue: "0", limit: "20000" });
    const rates = await server.call<Array<{ currency: string; rate: string }>>("GET", "lh/wh_bzhl_list", {}, { token: u.token });
    expect(rates.body.message).toContainEqual({ currency: "USDT", rate: "1" });
  });
});

describe("apply", () => {
  it("refuses what the rules refuse, and writes nothing", async () => {
    const noKyc = await server.newUser();
    expect((await apply(noKyc.token, {})).body.code).toBe("REAL_NAME_REQUIRED");
    const u = await borrower();
    const photos = fivePhotos();
    const cases: Array<[string, Record<string, string | undefined>, Photos, number, string, string?]> = [
      ["no agreement", { agree: undefined }, photos, 400, "MISSING_PARAMETER", "agree"],
      ["agree=0", { agree: "0" }, photos, 400, "MISSING_PARAMETER", "agree"],
      ["an unknown cycle", { days: "8" }, photos, 400, "PARAMETER_ERROR", "days"],
      ["below the minimum", { amount: "99" }, photos, 400, "AMOUNT_BELOW_MIN", "amount"],
      ["above the maximum", { amount: "20000.01" }, photos, 400, "AMOUNT_ABOVE_MAX", "amount"],
      ["a missing photo", {}, { ...photos, bank: undefined }, 400, "MISSING_PARAMETER", "bank"],
      ["the same photo twice", {}, { ...photos, id_hand: photos.id_front }, 409, "FILE_EXISTS", "id_hand"],
    ];
    for (const [what, fields, p, status, code, field] of cases) {
      const res = await apply(u.token, fields, p);
      expect([what, res.status, res.body.code]).toEqual([what, status, code]);
      if (field) expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
    const notImage = await apply(u.token, {}, { ...fivePhotos(), house: PDF_BYTES });
    expect(notImage.body.code).toBe("FILE_TYPE_WRONG");
    const orders = await server.call<{ total: number }>("GET", "lh/loan/order", {}, { token: u.token });
    expect(orders.body.message.total).toBe(0);
  });

  it("takes one open loan at a time; another user's photo is refused", async () => {
    const u = await borrower();
    const photos = fivePhotos();
    const first = await apply(u.token, { amount: "1000", days: "7" }, photos);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatchObject({ status: "pending", amount: "1000", interest: "7", total_due: "1007", unpaid: "1007", apr: "0.365", due_at: null });
    expect((await apply(u.token, {})).body.code).toBe("ALREADY_APPLIED");
    const other = await borrower();
    const stolen = await apply(other.token, {}, { ...fivePhotos(), house: photos.house });
    expect([stolen.status, stolen.body.code]).toEqual([409, "FILE_EXISTS"]);
    const stats = await server.call<Record<string, string>>("GET", "lh/loan/statistics", {}, { token: u.token });
    expect(stats.body.message.limit).toBe("0");
  });
});

describe("review, repayment and overdue", () => {
  it("pushes the decision to the borrower's socket once committed, so the balance on show follows", async () => {
    const u = await borrower();
    const socket = await openUserSocket(server, u.token);
    socket.send({ op: "subscribe", channel: "funding" });
    await socket.next((m) => m.op === "subscribed");
    const loan = (await apply(u.token, { amount: "1000", days: "7" })).body.message;
    await approve(loan.id);
    expect((await socket.next((m) => m.channel === "funding")).data).toEqual({ kind: "loan", id: loan.id, status: "issued" });
    // A refused decision changes nothing and says nothing.
    expect((await approve(loan.id)).body.code).toBe("ORDER_STATUS_ERROR");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.messages.some((m) => m.channel === "funding")).toBe(false);
    socket.close();
  });

  it("approve credits once from the loans account; the user repays in part, then the rest", async () => {
    server.clock.set(Date.parse("2026-12-01T10:30:00Z"));
    const u = await borrower();
    const loan = (await apply(u.token, { amount: "1000", days: "7" })).body.message;
    const queue = await asReviewer<{ list: Array<{ id: number; account: string }> }>("GET", "backoffice/loans", { status: "pending" });
    expect(queue.body.message.list.some((l) => l.id === loan.id)).toBe(true);
    const photo = await asReviewer<{ content_type: string }>("GET", "backoffice/loans/photo", { id: loan.id, field: "id_hand" });
    expect(photo.body.message.content_type).toBe("image/png");

    const approved = await approve(loan.id);
    expect(approved.body.message).toMatchObject({ status: "issued", due_at: Date.parse("2026-12-08T10:30:00Z") / 1000 });
    expect((await approve(loan.id)).body.code).toBe("ORDER_STATUS_ERROR");
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000" });
    // Their newest personal message (notices are listed by their time, and the seeded welcome notice bears the real one).
    const inbox = await server.call<{ list: Array<{ kind: string; title: string }> }>("GET", "user/usermessage", {}, { token: u.token });
    expect(inbox.body.message.list.find((item) => item.kind === "message")?.title).toBe("Loan issued");

    expect((await repay(u.token, loan.id, "1007.01")).body.code).toBe("AMOUNT_ABOVE_MAX");
    const part = await repay(u.token, loan.id, "500");
    expect(part.body.message).toMatchObject({ status: "issued", repaid: "500", unpaid: "507" });
    await credit(server, u.id, "7");
    const rest = await repay(u.token, loan.id);
    expect(rest.body.message).toMatchObject({ status: "settled", repaid: "1007", unpaid: "0" });
    expect(await walletOf(server, u.token)).toMatchObject({ available: "0" });
    expect((await repay(u.token, loan.id)).body.code).toBe("ORDER_STATUS_ERROR");
    const kinds = (await ledgerReads.entries(server.database.db, u.id, { page: 1, limit: 10 })).list.map((l) => l.kind);
    expect(kinds).toEqual(["loan.repayment", "deposit", "loan.repayment", "loan.issue"]);
    await expectLedgerSound(server);
  });

  it("refused repayments and decisions change nothing", async () => {
    const u = await borrower();
    const loan = (await apply(u.token, { amount: "1000", days: "7" })).body.message;
    expect((await repay(u.token, loan.id)).body.code).toBe("ORDER_STATUS_ERROR"); // not issued yet
    const noReason = await asReviewer("POST", "backoffice/loans/reject", { id: loan.id, reason: "  " });
    expect([noReason.status, noReason.body.code]).toEqual([400, "MISSING_PARAMETER"]);
    expect((await asReviewer("POST", "backoffice/loans/approve", { id: 999_999 })).body.code).toBe("DATA_NOT_FOUND");
    await approve(loan.id);
    const cases: Array<[string, string, string | undefined, number, string]> = [
      ["another user's loan", (await borrower("5000")).token, "10", 404, "DATA_NOT_FOUND"],
      ["zero", u.token, "0", 400, "AMOUNT_NOT_POSITIVE"],
      ["nine decimals", u.token, "1.000000001", 400, "AMOUNT_ERROR"],
      ["more than owed", u.token, "1007.00000001", 400, "AMOUNT_ABOVE_MAX"],
      ["more than the balance holds", u.token, undefined, 400, "INSUFFICIENT_BALANCE"],
    ];
    for (const [what, token, amount, status, code] of cases) {
      const res = await repay(token, loan.id, amount);
      expect([what, res.status, res.body.code]).toEqual([what, status, code]);
    }
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000", frozen: "0" }); // 1,000 lent, 1,007 owed
    const mine = await server.call<{ list: Loan[] }>("GET", "lh/loan/order", {}, { token: u.token });
    expect(mine.body.message.list[0]).toMatchObject({ status: "issued", repaid: "0", unpaid: "1007" });
    await expectLedgerSound(server);
  });

  it("a decision retried with its key gets the first answer; the same key for another loan is refused", async () => {
    const u = await borrower();
    const loan = (await apply(u.token, {})).body.message;
    const first = await asReviewer<Loan>("POST", "backoffice/loans/approve", { id: loan.id, idempotency_key: "loan-decision-0001" });
    const again = await asReviewer<Loan>("POST", "backoffice/loans/approve", { id: loan.id, idempotency_key: "loan-decision-0001" });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.message).toEqual(first.body.message);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000" }); // credited once
    const fresh = await asReviewer("POST", "backoffice/loans/approve", { id: loan.id, idempotency_key: "loan-decision-0002" });
    expect(fresh.body.code).toBe("ORDER_STATUS_ERROR"); // a new decision on a decided loan
    const other = (await apply((await borrower()).token, {})).body.message;
    const reused = await asReviewer("POST", "backoffice/loans/reject", { id: other.id, reason: "unreadable", idempotency_key: "loan-decision-0001" });
    expect(reused.body.code).toBe("IDEMPOTENCY_CONFLICT");
    await expectLedgerSound(server);
  });

  it("reject tells the user the reason", async () => {
    const u = await borrower();
    const loan = (await apply(u.token, {})).body.message;
    const rejected = await asReviewer<Loan>("POST", "backoffice/loans/reject", { id: loan.id, reason: "Income proof unreadable" });
    expect(rejected.body.message).toMatchObject({ status: "rejected", reason: "Income proof unreadable", unpaid: "0" });
    const mine = await server.call<{ list: Loan[] }>("GET", "lh/loan/order", { status: "rejected" }, { token: u.token });
    expect(mine.body.message.list[0].reason).toBe("Income proof unreadable");
    expect((await apply(u.token, {})).status).toBe(200);
  });

  it("accrues the overdue fee per day past due, once, also after downtime; the fee is repaid with the rest", async () => {
    server.clock.set(Date.parse("2026-12-10T08:00:00Z"));
    const u = await borrower();
    const loan = (await apply(u.token, { amount: "1000", days: "7" })).body.message;
    await approve(loan.id); // due 2026-12-17T08:00
    server.clock.set(Date.parse("2026-12-18T07:59:59Z"));
    await server.engines.jobs.runOnce();
    // An idle session ends after days: the borrower signs in again.
    const login = await server.call<{ token: string }>("POST", "user/login", { account: u.account, password: u.password });
    u.token = login.body.message.token;
    const first = await server.call<{ list: Loan[] }>("GET", "lh/loan/order", {}, { token: u.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let mine = first.body.message.list[0];
    expect(mine).toMatchObject({ overdue: true, overdue_days: 0, overdue_fee: "0" });
    server.clock.set(Date.parse("2026-12-20T09:00:00Z")); // three days past due, the leader was down
    await server.engines.jobs.runOnce();
    await server.engines.jobs.runOnce();
    mine = (await server.call<{ list: Loan[] }>("GET", "lh/loan/order", {}, { token: u.token })).body.message.list[0];
    // 1007 x 0.002 = 2.014; then on 1009.014: 2.018028; then on 1011.032028: 2.022064056 -> 2.02206405
    expect(mine).toMatchObject({ overdue: true, overdue_days: 3, overdue_fee: "6.05409205", total_due: "1013.05409205", unpaid: "1013.05409205" });
    const stats = await server.call<Record<string, string>>("GET", "lh/loan/statistics", {}, { token: u.token });
    expect(stats.body.message.overdue).toBe("1013.05409205");
    await credit(server, u.id, "13.05409205");
    expect((await repay(u.token, loan.id)).body.message).toMatchObject({ status: "settled", overdue_fee: "6.05409205" });
    await expectLedgerSound(server);
  });
});

describe("the overdue job in batches", () => {
  it("accrues each overdue day of every loan once, however the loans fall into batches, and again accrues nothing", async () => {
    const mine = [];
    for (let i = 0; i < 3; i++) {
      const u = await borrower();
      const loan = (await apply(u.token, { amount: "1000", days: "7" })).body.message;
      await approve(loan.id);
      mine.push(loan.id);
    }
    server.clock.set(server.clock.now().getTime() + 9 * 86_400_000 + 3_600_000); // two days past due
    const first = await server.engines.loans.settlement.accrueOverdue(server.clock.now().getTime(), 2);
    expect(first.days).toBeGreaterThanOrEqual(6);
    const accrued = await server.database.query<{ id: string; overdue_days: number; rows: number }>(
      "SELECT l.id::text AS id, l.overdue_days, (SELECT count(*)::int FROM loan_overdue o WHERE o.loan_id = l.id) AS rows FROM loans l WHERE l.id = ANY($1::bigint[]) ORDER BY l.id",
      [mine],
    );
    expect(accrued.map((r) => [r.overdue_days, r.rows])).toEqual([[2, 2], [2, 2], [2, 2]]);
    const again = await server.engines.loans.settlement.accrueOverdue(server.clock.now().getTime(), 2);
    expect(again).toEqual({ loans: 0, days: 0 });
    await expectLedgerSound(server);
  });
});

describe("property: any sequence of applications, decisions and repayments keeps the ledger sound", () => {
  it("ledgerReads.verify stays empty and the loans account mirrors what users owe", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ approve: fc.boolean(), parts: fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
        async (plans) => {
          for (const plan of plans) {
            const u = await borrower("2000");
            const loan = (await apply(u.token, { amount: "1000", days: "15" })).body.message;
            if (!plan.approve) {
              await asReviewer("POST", "backoffice/loans/reject", { id: loan.id, reason: "no" });
              continue;
            }
            await approve(loan.id);
            for (const part of plan.parts) await repay(u.token, loan.id, String(part));
          }
          expect(await ledgerReads.verify(server.database.db)).toEqual([]);
          // The loans account has lent what was issued and got back what was repaid: it mirrors what users owe.
          const [lent] = await server.database.query<{ net: string }>(
            "SELECT coalesce(sum(repaid) - sum(amount) FILTER (WHERE status IN ('issued', 'settled')), 0)::text AS net FROM loans WHERE currency = 'USDT'",
          );
          const account = (await ledgerReads.platformBalances(server.database.db)).find((b) => b.platform === "loans" && b.currency === "USDT");
          expect(money(account?.balance ?? "0").eq(lent.net)).toBe(true);
        },
      ),
      { numRuns: 4 },
    );
  });
});

describe.runIf(testDatabaseKind() === "postgres")("concurrency (PostgreSQL)", () => {
  it("a double approval credits once", async () => {
    const u = await borrower();
    const loan = (await apply(u.token, {})).body.message;
    const results = await Promise.all([approve(loan.id), approve(loan.id), approve(loan.id)]);
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(await walletOf(server, u.token)).toMatchObject({ available: "1000" });
    await expectLedgerSound(server);
  });

  it("two whole repayments at once pay once", async () => {
    const u = await borrower("5000");
    const loan = (await apply(u.token, {})).body.message;
    await approve(loan.id);
    const results = await Promise.all([repay(u.token, loan.id), repay(u.token, loan.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await walletOf(server, u.token)).toMatchObject({ available: String(5000 + 1000 - 1007) });
    await expectLedgerSound(server);
  });

  it("two applications at once open one loan", async () => {
    const u = await borrower();
    const results = await Promise.all([apply(u.token, {}), apply(u.token, {})]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
