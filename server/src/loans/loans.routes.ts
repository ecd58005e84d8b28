import * as loans from "../../contract/loans";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { LoansService } from "./loans.service";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];
const REVIEWERS: OperatorRole[] = ["admin", "reviewer"];

export function loansRoutes(ctx: AppContext, service: LoansService): void {
  const { api } = ctx;
  api.route(loans.config, () => service.config());
  api.route(loans.statistics, ({ user }) => service.statistics(user.id));
  api.route(loans.submit, ({ user, input, files }) => service.submit(user.id, input, files));
  api.route(loans.orders, ({ user, input }) => service.orders(user.id, input));
  api.route(loans.repayment, ({ user, input }) => service.repay(user.id, input));
  api.route(loans.rates, () => service.rates());

  api.route(loans.backofficeLoans, ({ input }) => service.adminList(input), { roles: READERS });
  api.route(loans.backofficePhoto, ({ input }) => service.photo(input.id, input.field), { roles: REVIEWERS });
  api.route(loans.backofficeApprove, ({ operator, input }) => service.approve(operator, input.id, input.idempotency_key), { roles: REVIEWERS });
  api.route(loans.backofficeReject, ({ operator, input }) => service.reject(operator, input.id, input.reason, input.idempotency_key), { roles: REVIEWERS });
}
