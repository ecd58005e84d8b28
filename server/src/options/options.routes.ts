import { options } from "../../contract";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { OptionsService } from "./options.service";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];

export function optionsRoutes(ctx: AppContext, service: OptionsService): void {
  const { api } = ctx;
  api.route(options.periods, ({ input }) => service.periods(input.kind));
  api.route(options.payableCurrencies, ({ user }) => service.payable(user.id));
  api.route(options.submit, ({ user, input }) => service.submit(user.id, "crypto", input));
  api.route(options.forexSubmit, ({ user, input }) => service.submit(user.id, "forex", input));
  api.route(options.list, ({ user, input }) => service.list(user.id, "crypto", input));
  api.route(options.forexList, ({ user, input }) => service.list(user.id, "forex", input));

  // Read only, and the periods: no operator route settles, prices or decides one user's option.
  api.route(options.backofficeOptions, ({ input }) => service.adminList(input), { roles: READERS });
  api.route(options.backofficeConfig, () => service.config(), { roles: READERS });
  api.route(options.backofficeConfigSave, ({ operator, input }) => service.saveConfig(operator, input), { roles: ["admin"] });
}
