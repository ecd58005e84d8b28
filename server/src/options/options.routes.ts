import { options } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { OptionsAdmin } from "./options.admin";
import type { OptionsCommands } from "./options.commands";
import type { OptionsQueries } from "./options.queries";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function optionsRoutes(ctx: AppContext, { commands, queries, admin }: { commands: OptionsCommands; queries: OptionsQueries; admin: OptionsAdmin }): void {
  const { api } = ctx;
  api.route(options.periods, ({ input }) => queries.periods(input.kind));
  api.route(options.payableCurrencies, ({ user }) => queries.payable(user.id));
  api.route(options.submit, ({ user, input }) => commands.submit(user.id, "crypto", input));
  api.route(options.forexSubmit, ({ user, input }) => commands.submit(user.id, "forex", input));
  api.route(options.list, ({ user, input }) => queries.list(user.id, "crypto", input));
  api.route(options.forexList, ({ user, input }) => queries.list(user.id, "forex", input));

  // Read only, and the periods: no operator route settles, prices or decides one user's option.
  api.route(options.backofficeOptions, ({ input }) => admin.adminList(input), { roles: READERS });
  api.route(options.backofficeConfig, () => admin.config(), { roles: READERS });
  api.route(options.backofficeConfigSave, ({ operator, input }) => admin.saveConfig(operator, input), { roles: ["admin"] });
}
