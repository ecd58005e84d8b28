import * as proof from "../../contract/proof";
import type { OperatorRole } from "../../contract/backoffice";
import type { AppContext } from "../platform/context";
import type { ProofService } from "./proof.service";

const READERS: OperatorRole[] = ["admin", "reviewer", "support"];
const ADMIN: OperatorRole[] = ["admin"];

export function proofRoutes(ctx: AppContext, service: ProofService): void {
  const { api } = ctx;
  api.route(proof.root, async () => ({ ...(await service.root()), rules: [...proof.HASHING_RULES], reserves: await service.reserves() }));
  api.route(proof.mine, ({ user }) => service.mine(user.id));
  api.route(
    proof.snapshot,
    async ({ operator }) => {
      await service.take("operator", operator.id);
      return service.root();
    },
    { roles: ADMIN },
  );
  api.route(proof.history, ({ input }) => service.history(input), { roles: READERS });
  api.route(proof.liabilities, () => service.liabilities(), { roles: READERS });
  api.route(proof.setReserves, ({ operator, input }) => service.setReserves(operator.id, input.reserves), { roles: ADMIN });
}
