import type { AppContext } from "../platform/context";
import { backofficeRoutes } from "./backoffice.routes";
import type { OperatorService } from "./operators.service";

/**
 * Operators, their sessions and the audit log: routes. The operator service comes in built
 * (`new OperatorService(db, clock, secrets)`): the route helper needs its `authenticate` first.
 */
export function registerBackoffice(ctx: AppContext, deps: { operators: OperatorService }): OperatorService {
  backofficeRoutes(ctx, deps.operators);
  return deps.operators;
}
