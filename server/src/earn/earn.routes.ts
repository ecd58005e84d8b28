import * as earn from "../../contract/earn";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { EarnService } from "./earn.service";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function earnRoutes(ctx: AppContext, service: EarnService): void {
  const { api } = ctx;
  api.route(earn.projects, ({ user, input }) => service.products(user.id, "arbitrage", input.status));
  api.route(earn.subscribe, ({ user, input }) => service.subscribe(user.id, "arbitrage", { product_id: input.project_id, amount: input.amount, idempotency_key: input.idempotency_key }));
  api.route(earn.orders, ({ user, input }) => service.orders(user.id, "arbitrage", input));
  api.route(earn.hostingConfig, ({ user }) => service.products(user.id, "hosting"));
  api.route(earn.hostingSubscribe, ({ user, input }) => service.subscribe(user.id, "hosting", input));
  api.route(earn.hostingCancel, ({ user, input }) => service.terminate(user.id, input.id, input.idempotency_key));
  api.route(earn.hostingSum, ({ user }) => service.hostingSum(user.id));
  api.route(earn.hostingOrders, ({ user, input }) => service.orders(user.id, "hosting", input));
  api.route(earn.records, ({ user, input }) => service.records(user.id, input));

  api.route(earn.backofficeProducts, ({ input }) => service.adminProducts(input.kind), { roles: READERS });
  api.route(earn.backofficeProductSave, ({ operator, input }) => service.saveProduct(operator, input), { roles: ["admin"] });
}
