import { backoffice, FEED_STALE_MS } from "../../contract";
import type { SetupItemKey } from "../../contract/backoffice";
import type { ContentModule } from "../content";
import type { EarnQueries } from "../earn";
import type { DepositService, WithdrawalService } from "../funding";
import type { KycService } from "../kyc";
import type { LoansAdmin } from "../loans";
import type { MarketService } from "../market";
import type { ProofService } from "../proof";
import type { ReferralService } from "../referral";
import type { PushService } from "../push";
import type { AppContext } from "../platform/context";
import type { SupportModule } from "../support";

export interface OverviewSources {
  deposits: DepositService;
  withdrawals: WithdrawalService;
  kyc: KycService;
  loans: LoansAdmin;
  support: SupportModule["service"];
  pages: ContentModule["pages"];
  market: MarketService;
  earn: EarnQueries;
  proof: ProofService;
  referral: ReferralService;
  push: PushService;
}

/**
 * The back office's landing page: how many items wait in each queue and what a fresh install still lacks. Each
 * domain counts its own rows (a small method on its service); this domain only puts the answers side by side.
 */
export function registerOverview(ctx: AppContext, sources: OverviewSources): void {
  ctx.api.route(backoffice.overview, () => composeOverview(sources));
}

async function composeOverview(s: OverviewSources) {
  const [deposits, withdrawals, kyc, loans, supportChats, depositsOpen, hasSupportContact, unpublished, earnOpen, reservesDeclared, rewardChosen, pushDevices] = await Promise.all([
    s.deposits.pendingCount(),
    s.withdrawals.pendingCount(),
    s.kyc.pendingCount(),
    s.loans.pendingCount(),
    s.support.unreadChatCount(),
    s.deposits.acceptsDeposits(),
    s.pages.hasSupportContact(),
    s.pages.unpublishedDocuments(),
    s.earn.hasOpenProduct(),
    s.proof.hasReserves(),
    s.referral.rewardChoice(),
    s.push.deviceCount(),
  ]);
  // Each item is something the code refuses on a fresh install until an operator sets it.
  const setup: Array<{ key: SetupItemKey; done: boolean; missing: string[] }> = [
    { key: "deposit_addresses", done: depositsOpen, missing: [] },
    { key: "support_contact", done: hasSupportContact, missing: [] },
    { key: "documents", done: unpublished.length === 0, missing: unpublished },
    { key: "earn_products", done: earnOpen, missing: [] },
    // Not refused, but unsaid: the trust page shows no reserves, and invitations pay the default reward until chosen.
    { key: "proof_reserves", done: reservesDeclared, missing: [] },
    { key: "referral_reward", done: rewardChosen.chosen, missing: rewardChosen.chosen ? [] : [rewardChosen.reward] },
  ];
  return {
    counts: { deposits, withdrawals, kyc, loans, support_chats: supportChats, stale_pairs: s.market.stalePairCount(FEED_STALE_MS), push_devices: pushDevices },
    setup,
  };
}
