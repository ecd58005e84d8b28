import * as earn from "../../contract/earn";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { EarnAdmin } from "./earn.admin";
import type { EarnCommands } from "./earn.commands";
import type { EarnQueries } from "./earn.queries";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function earnRoutes(ctx: AppContext, { commands, queries, admin }: { commands: EarnCommands; queries: EarnQueries; admin: EarnAdmin }): void {
  const { api } = ctx;
  api.route(earn.projects, ({ user, input }) => queries.products(user.id, "arbitrage", input.status));
  api.route(earn.subscribe, ({ user, input }) => commands.subscribe(user.id, "arbitrage", { product_id: input.project_id, amount: input.amount, idempotency_key: input.idempotency_key }));
  api.route(earn.orders, ({ user, input }) => queries.orders(user.id, "arbitrage", input));
  api.route(earn.hostingConfig, ({ user }) => queries.products(user.id, "hosting"));
  api.route(earn.hostingSubscribe, ({ user, input }) => commands.subscribe(user.id, "hosting", input));
  api.route(earn.hostingCancel, ({ user, input }) => commands.terminate(user.id, input.id, input.idempotency_key));
  api.route(earn.hostingSum, ({ user }) => queries.hostingSum(user.id));
  api.route(earn.hostingOrders, ({ user, input }) => queries.orders(user.id, "hosting", input));
  api.route(earn.records, ({ user, input }) => queries.records(user.id, input));

  api.route(earn.backofficeProducts, ({ input }) => admin.adminProducts(input.kind), { roles: READERS });
  api.route(earn.backofficeProductSave, ({ operator, input }) => admin.saveProduct(operator, input), { roles: ["admin"] });
}
