import type { UserNotifier } from "../platform/notify";
import { AddressBook } from "../funding/addresses.service";
import { DepositService } from "../funding/deposits.service";
import { fundingRoutes } from "../funding/funding.routes";
import { databaseVoucherStore, type VoucherStore } from "../funding/voucher-store";
import { WithdrawalGuards } from "../funding/withdrawal-guards";
import { WithdrawalService } from "../funding/withdrawals.service";
import type { AppContext } from "../platform/context";
import { referencePriceSource, type PriceSource } from "./price-source";
import { walletRoutes } from "./wallet.routes";
import { WalletService } from "./wallet.service";

export interface MoneyOptions {
  /** Live prices from the markets domain; the configured reference prices otherwise. */
  prices?: PriceSource;
  /** Where deposit screenshots are kept (the database by default). */
  vouchers?: VoucherStore;
  /** Tells users about review decisions (the content domain's message centre). */
  notifier?: UserNotifier;
}

export interface MoneyModule {
  prices: PriceSource;
  /** Other domains add withdrawal rules here (trading: no open leveraged position). */
  withdrawalGuards: WithdrawalGuards;
  wallets: WalletService;
  withdrawals: WithdrawalService;
  deposits: DepositService;
  addresses: AddressBook;
}

/** Wallets, deposits, withdrawals, the address book and the flash exchange: services and routes. */
export function registerMoney(ctx: AppContext, options: MoneyOptions = {}): MoneyModule {
  const prices = options.prices ?? referencePriceSource(ctx.db);
  const withdrawalGuards = new WithdrawalGuards();
  const wallets = new WalletService(ctx.db, ctx.clock, prices);
  const withdrawals = new WithdrawalService(ctx.db, ctx.clock, withdrawalGuards, options.notifier);
  const deposits = new DepositService(ctx.db, ctx.clock, options.vouchers ?? databaseVoucherStore(ctx.config.UPLOAD_MAX_BYTES), ctx.config.UPLOAD_MAX_BYTES, options.notifier);
  const addresses = new AddressBook(ctx.db, ctx.clock);
  walletRoutes(ctx, wallets);
  fundingRoutes(ctx, { addresses, withdrawals, deposits });
  return { prices, withdrawalGuards, wallets, withdrawals, deposits, addresses };
}
