import type { AppContext } from "../platform/context";
import { operatorSecrets } from "../platform/secret-box";
import { backofficeRoutes } from "./backoffice.routes";
import { FirstRunSetup } from "./first-run";
import type { OperatorService } from "./operators.service";

/**
 * Operators, their sessions, the audit log and the first run's setup link: routes. The operator service comes in
 * built (`new OperatorService(db, clock, secrets)`): the route helper needs its `authenticate` first.
 */
export function registerBackoffice(ctx: AppContext, deps: { operators: OperatorService }): { operators: OperatorService; firstRun: FirstRunSetup } {
  const firstRun = new FirstRunSetup(ctx.db, ctx.clock, operatorSecrets(ctx.config), deps.operators);
  backofficeRoutes(ctx, deps.operators, firstRun);
  return { operators: deps.operators, firstRun };
}
