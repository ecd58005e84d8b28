import { AddressBook, ChainWatcher, DepositService, fundingRoutes, fundingRows, WithdrawalGuards, WithdrawalService } from "../funding";
import type { AppContext } from "../platform/context";
import { publicOrigin } from "../platform/config";
import type { SecretGuard } from "../platform/login-throttle";
import { silentNotifier, type UserMailer, type UserNotifier } from "../platform/notify";
import { referencePriceSource, walletRoutes, WalletService, type PriceSource } from "../wallet";

export interface MoneyOptions {
  /** Live prices from the markets domain; the configured reference prices otherwise. */
  prices?: PriceSource;
  /** Tells users about review decisions (the content domain's message centre). */
  notifier?: UserNotifier;
  /** The account's one throttle of secrets (the trading password of a withdrawal) and e-mails to the user: the auth domain's. */
  security: { guardSecret: SecretGuard; mailUser: UserMailer };
}

export interface MoneyModule {
  prices: PriceSource;
  /** Other domains add withdrawal rules here (trading: no open leveraged position). */
  withdrawalGuards: WithdrawalGuards;
  wallets: WalletService;
  withdrawals: WithdrawalService;
  deposits: DepositService;
  addresses: AddressBook;
  /** On-chain deposits: the leader runs it (main starts it; tests call `runOnce()`). */
  chain: ChainWatcher;
}

/**
 * Money as users see it: wallets and the flash exchange (`wallet/`), deposits, withdrawals and the address book
 * (`funding/`). Wired here so that neither of the two knows the other's services: funding only reads the wallet's
 * currency list (`decimalsOf`), and the wallet knows nothing of funding.
 */
export function registerMoney(ctx: AppContext, options: MoneyOptions): MoneyModule {
  const prices = options.prices ?? referencePriceSource(ctx.db);
  const withdrawalGuards = new WithdrawalGuards();
  const wallets = new WalletService(ctx.db, ctx.clock, prices);
  const coolingHours = ctx.config.ADDRESS_COOLING_HOURS;
  const withdrawals = new WithdrawalService(ctx.db, ctx.clock, withdrawalGuards, { guardSecret: options.security.guardSecret, coolingHours }, options.notifier, ctx.events);
  const deposits = new DepositService(ctx.db, ctx.clock, ctx.config.UPLOAD_MAX_BYTES, options.notifier, ctx.config.DEPOSIT_PENDING_MAX, ctx.config, ctx.events);
  const chain = new ChainWatcher(ctx.db, ctx.clock, ctx.config, deposits, ctx.log, { pollMs: ctx.config.CHAIN_POLL_MS });
  const addresses = new AddressBook(ctx.db, ctx.clock, {
    coolingHours,
    notifier: options.notifier ?? silentNotifier,
    mailer: options.security.mailUser,
    origin: publicOrigin(ctx.config),
  });
  wallets.statements.registerFunding(fundingRows(ctx.db));
  walletRoutes(ctx, wallets);
  fundingRoutes(ctx, { addresses, withdrawals, deposits });
  return { prices, withdrawalGuards, wallets, withdrawals, deposits, addresses, chain };
}
