import { funding } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import { ledgerReads } from "../ledger";
import type { AppContext } from "../platform/context";
import type { AddressBook } from "./addresses.service";
import { loadChainConfig, saveChainConfig } from "./chain.config";
import { chainStatus } from "./chain.watcher";
import type { DepositService } from "./deposits.service";
import { loadFundingConfig, saveFundingConfig } from "./funding.config";
import type { WithdrawalService } from "./withdrawals.service";

const REVIEWERS: OperatorRole[] = ["admin", "reviewer"];
const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function fundingRoutes(ctx: AppContext, services: { addresses: AddressBook; withdrawals: WithdrawalService; deposits: DepositService }): void {
  const { api, db, config } = ctx;
  const { addresses, withdrawals, deposits } = services;

  api.route(funding.depositAddress, ({ user, input }) => deposits.address(user.id, input.currency, input.network));
  // A fourth deposit waiting for review is refused before its screenshot is received.
  api.route(funding.depositRequest, ({ user, input, files }) => deposits.request(user.id, input, files.voucher), { admit: (user) => deposits.refuseOverCap(user.id) });
  api.route(funding.depositCancel, ({ user, input }) => deposits.cancel(user.id, input.id));
  api.route(funding.depositLog, ({ user, input }) => deposits.list(user.id, input));
  api.route(funding.depositVoucher, ({ user, input }) => deposits.voucher(input.id, user.id));

  api.route(funding.withdrawInfo, ({ user, input }) => withdrawals.info(user.id, input.currency));
  api.route(funding.addAddress, ({ user, input }) => addresses.add(user.id, input));
  api.route(funding.deleteAddress, async ({ user, input }) => {
    await addresses.remove(user.id, input.id);
    return {};
  });
  api.route(funding.addresses, ({ user, input }) => addresses.list(user.id, input.currency));
  api.route(funding.withdraw, ({ user, input }) => withdrawals.request(user.id, input));
  api.route(funding.withdrawLog, ({ user, input }) => withdrawals.list(user.id, input));

  const bo = funding.bo;
  api.route(bo.deposits, ({ input }) => deposits.queue(input), { roles: READERS });
  api.route(bo.depositVoucher, ({ input }) => deposits.voucher(input.id, null), { roles: READERS });
  api.route(bo.approveDeposit, ({ operator, input }) => deposits.approve(operator, input.id, input.idempotency_key), { roles: REVIEWERS });
  api.route(bo.rejectDeposit, ({ operator, input }) => deposits.reject(operator, input), { roles: REVIEWERS });
  api.route(bo.withdrawals, ({ input }) => withdrawals.queue(input), { roles: READERS });
  api.route(bo.approveWithdrawal, ({ operator, input }) => withdrawals.approve(operator, input), { roles: REVIEWERS });
  api.route(bo.rejectWithdrawal, ({ operator, input }) => withdrawals.reject(operator, input), { roles: REVIEWERS });
  api.route(bo.config, () => loadFundingConfig(db), { roles: REVIEWERS });
  api.route(bo.saveConfig, ({ operator, input }) => saveFundingConfig(db, input.config, operator.id), { roles: ["admin"] });
  api.route(bo.chainConfig, () => loadChainConfig(db, config), { roles: REVIEWERS });
  api.route(bo.saveChainConfig, ({ operator, input }) => saveChainConfig(db, config, input.config, operator.id), { roles: ["admin"] });
  api.route(bo.chainStatus, () => chainStatus(db, config), { roles: READERS });
  api.route(
    bo.ledgerSummary,
    async () => ({ liabilities: await ledgerReads.liabilities(db), platform: await ledgerReads.platformBalances(db), problems: await ledgerReads.verify(db) }),
    { roles: ["admin"] },
  );
}
