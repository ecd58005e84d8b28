import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledger, money as ledgerMoney } from "../ledger";
import { createTestServer, ROOT_INVITE, type TestServer } from "../testing/harness";
import { credit, expectLedgerSound, freshPng, md5Of, openDeposits, walletOf } from "../testing/money";
import { postMultipart } from "../testing/multipart";

/**
 * The referral programme through its HTTP calls, on PGlite and PostgreSQL: the reward paid exactly once per invitee
 * when KYC and the first deposit are both approved (in either order, or at the same moment), commission only out of
 * the trading fees invitees paid.
 */

let server: TestServer;
let reviewer: string;

interface Invite {
  invite_code: string;
  link: string;
  reward: { amount: string; currency: string; conditions: string[] };
  direct: number;
  indirect: number;
  income_total: string;
  list: Array<{ account: string; level: number; qualified: boolean }>;
  records: Array<{ amount: string; kind: string; from: string; level: number }>;
}

beforeAll(async () => {
  server = await createTestServer();
  await openDeposits(server);
  reviewer = (await server.newOperator("reviewer")).token;
});
afterAll(async () => {
  await server?.close();
});

const inviteOf = async (token: string) => (await server.call<Invite>("GET", "user/invite", {}, { token })).body.message;

async function register(inviteCode: string) {
  const account = `ref${randomBytes(4).toString("hex")}`;
  const res = await server.call<{ token: string; user: { id: number } }>("POST", "user/register", { account, password: "secret123", re_password: "secret123", invite_code: inviteCode }, { form: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token: res.body.message.token, id: res.body.message.user.id, account };
}

/** A pending KYC submission and a pending deposit for the invitee; returns the deposit's id. */
async function pendingBoth(invitee: { token: string }): Promise<number> {
  const photos = { front: freshPng(), back: freshPng(), hand: freshPng() };
  const kyc = await postMultipart(server, "/api/user/real_name", {
    token: invitee.token,
    fields: {
      country: "ES",
      first_name: "Ana",
      last_name: "López",
      cert_type: "passport",
      cert_no: `P${randomBytes(5).toString("hex").toUpperCase()}`,
      front_md5: md5Of(photos.front),
      back_md5: md5Of(photos.back),
      hand_md5: md5Of(photos.hand),
    },
    files: photos,
  });
  expect(kyc.status, JSON.stringify(kyc.body)).toBe(200);
  const png = freshPng();
  const deposit = await postMultipart<{ id: number }>(server, "/api/wallet/charge_req", {
    token: invitee.token,
    fields: { currency: "USDT", network: "TRC20", amount: "100", md5: md5Of(png) },
    files: { voucher: png },
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  return deposit.body.message.id;
}

const approveKyc = (userId: number) => server.call("POST", "backoffice/kyc/approve", { user_id: userId }, { token: reviewer });
const approveDeposit = (id: number) => server.call("POST", "backoffice/deposits/approve", { id }, { token: reviewer });

const rewardsOf = async (inviteeId: number) =>
  Number((await server.database.query<{ n: string }>("SELECT count(*) AS n FROM referral_income WHERE kind = 'reward' AND from_user_id = $1", [inviteeId]))[0].n);

describe("user/invite", () => {
  it("shows the code, a link that opens registration with it, the configured reward and conditions, masked invitees", async () => {
    const inviter = await register(ROOT_INVITE);
    const code = (await inviteOf(inviter.token)).invite_code;
    const friend = await register(code);
    const invite = await inviteOf(inviter.token);
    expect(invite.link).toMatch(new RegExp(`/#/pages/register/index\\?invite=${code}$`));
    expect(invite.reward).toMatchObject({ amount: "200", currency: "USDT", conditions: ["kyc", "first_deposit"] });
    expect(invite.direct).toBe(1);
    expect(invite.list).toEqual([{ account: expect.stringContaining("***"), level: 1, joined_at: expect.any(Number), qualified: false }]);
    expect(invite.list[0].account).not.toBe(friend.account);
  });
});

describe("the reward", () => {
  it("is paid once both conditions hold, in either order, and never again", async () => {
    const inviter = await register(ROOT_INVITE);
    const invitee = await register((await inviteOf(inviter.token)).invite_code);
    const depositId = await pendingBoth(invitee);
    await approveDeposit(depositId);
    expect((await walletOf(server, inviter.token)).balance).toBe("0");
    await approveKyc(invitee.id);
    expect((await walletOf(server, inviter.token)).balance).toBe("200");
    // A second deposit, and the leader's sweep, pay nothing more.
    await credit(server, invitee.id, "50");
    await server.engines.jobs.runOnce();
    expect((await walletOf(server, inviter.token)).balance).toBe("200");
    const invite = await inviteOf(inviter.token);
    expect(invite.records).toEqual([expect.objectContaining({ amount: "200", kind: "reward", level: 1 })]);
    expect(invite.list[0].qualified).toBe(true);
    expect(invite.income_total).toBe("200");
    await expectLedgerSound(server);
  });

  it("is paid exactly once when KYC approval and deposit approval race", async () => {
    for (let round = 0; round < 5; round++) {
      const inviter = await register(ROOT_INVITE);
      const invitee = await register((await inviteOf(inviter.token)).invite_code);
      const depositId = await pendingBoth(invitee);
      const [kyc, deposit] = await Promise.all([approveKyc(invitee.id), approveDeposit(depositId)]);
      expect(kyc.status).toBe(200);
      expect(deposit.status).toBe(200);
      expect(await rewardsOf(invitee.id)).toBe(1);
      expect((await walletOf(server, inviter.token)).balance).toBe("200");
    }
    await expectLedgerSound(server);
  });

  it("is not paid for an invitee with a deposit but no KYC, nor for an indirect invitee", async () => {
    const top = await register(ROOT_INVITE);
    const mid = await register((await inviteOf(top.token)).invite_code);
    const low = await register((await inviteOf(mid.token)).invite_code);
    const depositId = await pendingBoth(low);
    await approveDeposit(depositId);
    await server.engines.jobs.runOnce();
    expect(await rewardsOf(low.id)).toBe(0);
    await approveKyc(low.id);
    expect((await walletOf(server, mid.token)).balance).toBe("200");
    expect((await walletOf(server, top.token)).balance).toBe("0");
    expect((await inviteOf(top.token)).indirect).toBe(1);
  });
});

describe("commission", () => {
  it("is a share of the trading fees invitees paid (direct 20 %, indirect 10 %), never of deposits or other fees", async () => {
    const top = await register(ROOT_INVITE);
    const mid = await register((await inviteOf(top.token)).invite_code);
    const low = await register((await inviteOf(mid.token)).invite_code);
    await credit(server, low.id, "1000");
    await server.engines.jobs.runOnce();
    // A deposit is not a fee: nothing.
    expect((await walletOf(server, mid.token)).balance).toBe("0");
    // A trading fee of 10 USDT paid by the invitee (as the positions engine posts it), and a withdrawal-like fee.
    await server.database.db.transaction(async (tx) => {
      await ledger.post(tx, {
        key: `test:position.fee:${low.id}`,
        kind: "position.fee",
        cause: { kind: "position", id: 1 },
        legs: [
          { account: { user: low.id }, currency: "USDT", amount: ledgerMoney("-10") },
          { account: { platform: "fees" }, currency: "USDT", amount: ledgerMoney("10") },
        ],
      });
      await ledger.post(tx, {
        key: `test:flash.fee:${low.id}`,
        kind: "flash",
        cause: { kind: "flash", id: 1 },
        legs: [
          { account: { user: low.id }, currency: "USDT", amount: ledgerMoney("-5") },
          { account: { platform: "fees" }, currency: "USDT", amount: ledgerMoney("5") },
        ],
      });
    });
    await server.engines.jobs.runOnce();
    expect((await walletOf(server, mid.token)).balance).toBe("2");
    expect((await walletOf(server, top.token)).balance).toBe("1");
    // Idempotent: another run pays nothing more.
    await server.engines.jobs.runOnce();
    expect((await walletOf(server, mid.token)).balance).toBe("2");
    expect((await inviteOf(mid.token)).records).toEqual([expect.objectContaining({ amount: "2", kind: "commission", level: 1 })]);
    expect((await inviteOf(top.token)).records).toEqual([expect.objectContaining({ amount: "1", kind: "commission", level: 2 })]);
    await expectLedgerSound(server);
  });
});

describe("back office", () => {
  it("changes the reward and its conditions (admin only) and lists payouts", async () => {
    const admin = (await server.newOperator("admin")).token;
    const config = { enabled: true, reward_amount: "50", reward_currency: "USDT", conditions: ["kyc"], direct_rate: "0.3", indirect_rate: "0.05" };
    expect((await server.call("POST", "backoffice/referral/config/save", config, { token: reviewer })).status).toBe(403);
    const saved = await server.call("POST", "backoffice/referral/config/save", config, { token: admin });
    expect(saved.body.message).toEqual(config);
    const inviter = await register(ROOT_INVITE);
    expect((await inviteOf(inviter.token)).reward).toMatchObject({ amount: "50", conditions: ["kyc"] });
    const payouts = await server.call<{ list: unknown[]; totals: Array<{ kind: string }> }>("GET", "backoffice/referral/payouts", {}, { token: admin });
    expect(payouts.body.message.list.length).toBeGreaterThan(0);
    expect(payouts.body.message.totals.map((t) => t.kind)).toEqual(expect.arrayContaining(["reward", "commission"]));
  });
});

