import * as loans from "../../contract/loans";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { LoansAdmin } from "./loans.admin";
import type { LoansCommands } from "./loans.commands";
import type { LoansQueries } from "./loans.queries";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];
const REVIEWERS: OperatorRole[] = ["admin", "reviewer"];

export function loansRoutes(ctx: AppContext, { commands, queries, admin }: { commands: LoansCommands; queries: LoansQueries; admin: LoansAdmin }): void {
  const { api } = ctx;
  api.route(loans.config, () => queries.config());
  api.route(loans.statistics, ({ user }) => queries.statistics(user.id));
  api.route(loans.submit, ({ user, input, files }) => commands.submit(user.id, input, files));
  api.route(loans.orders, ({ user, input }) => queries.orders(user.id, input));
  api.route(loans.repayment, ({ user, input }) => commands.repay(user.id, input));
  api.route(loans.rates, () => queries.rates());

  api.route(loans.backofficeLoans, ({ input }) => admin.adminList(input), { roles: READERS });
  api.route(loans.backofficePhoto, ({ input }) => admin.photo(input.id, input.field), { roles: REVIEWERS });
  api.route(loans.backofficeApprove, ({ operator, input }) => admin.approve(operator, input.id, input.idempotency_key), { roles: REVIEWERS });
  api.route(loans.backofficeReject, ({ operator, input }) => admin.reject(operator, input.id, input.reason, input.idempotency_key), { roles: REVIEWERS });
}
