import { wallet } from "../../contract";
import type { AppContext } from "../platform/context";
import type { WalletService } from "./wallet.service";

export function walletRoutes(ctx: AppContext, service: WalletService): void {
  const { api } = ctx;
  api.route(wallet.list, ({ user }) => service.list(user.id));
  api.route(wallet.detail, ({ user, input }) => service.detail(user.id, input));
  api.route(wallet.flashPairs, () => service.pairs());
  api.route(wallet.flash, ({ user, input }) => service.flash(user.id, input));
  api.route(wallet.myFlashes, ({ user, input }) => service.flashes(user.id, input));
  api.route(wallet.exportStatement, ({ user, input, reply }) => {
    const { filename, body } = service.statements.csv(user.id, input);
    void reply.type("text/csv; charset=utf-8").header("Content-Disposition", `attachment; filename="${filename}"`).send(body);
  });
  api.route(wallet.statement, ({ user, input }) => service.statements.statement(user.id, input));
}
