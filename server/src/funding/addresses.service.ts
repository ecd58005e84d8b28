import { and, asc, count, eq } from "drizzle-orm";
import type { WithdrawAddress } from "../../contract/funding";
import { notifications } from "../../contract/messages";
import type { UserMailer, UserNotifier } from "../platform/notify";
import { isUniqueViolation } from "../platform/db-errors";
import { audit } from "../platform/audit";
import { toSeconds, utcDateTime, type Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { loadFundingConfig } from "./funding.config";
import { isValidAddress } from "./funding.engine";
import { withdrawAddresses } from "./funding.schema";

/** A user's address book holds this many addresses at most. */
export const MAX_ADDRESSES = 20;

/** The screen that lists the book (and removes an address), linked from the e-mail of every add. */
export const ADDRESS_BOOK_SCREEN = "/#/pages/order/withdraw?tab=addresses";

/** When an address added at `createdAt` may receive a withdrawal: `ADDRESS_COOLING_HOURS` later. */
export function usableAt(createdAt: Date, coolingHours: number): Date {
  return new Date(createdAt.getTime() + coolingHours * 3_600_000);
}

export interface AddressBookOptions {
  /** `ADDRESS_COOLING_HOURS`: how long a new address waits before a withdrawal may go to it (0: no wait). */
  coolingHours: number;
  notifier: UserNotifier;
  mailer: UserMailer;
  /** The app's public origin (the e-mail's link to the book). */
  origin: string;
}

/**
 * The withdrawal address book: a withdrawal goes only to an address of its owner's book, once the address has waited
 * its cooling period; every add is told to the owner (a notice and an e-mail linking to the book), so a thief who got
 * in and added an address is seen before it can receive anything.
 */
export class AddressBook {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: AddressBookOptions,
  ) {}

  async add(userId: number, input: { currency: string; network: string; address: string; label: string }): Promise<{ id: number }> {
    const config = await loadFundingConfig(this.db);
    if (input.currency !== config.withdraw.currency) throw new DomainError("CURRENCY_TYPE_WRONG", "currency");
    if (!config.withdraw.networks.includes(input.network)) throw new DomainError("PARAMETER_ERROR", "network");
    if (!isValidAddress(input.network, input.address)) throw new DomainError("ADDRESS_INVALID", "address");
    const [{ n }] = await this.db.select({ n: count() }).from(withdrawAddresses).where(eq(withdrawAddresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw new DomainError("PARAMETER_ERROR");
    const now = this.clock.now();
    const notice = {
      title: notifications.ADDRESS_ADDED_TITLE.key,
      body: notifications.ADDRESS_ADDED_BODY.key,
      values: {
        time: utcDateTime(now),
        address: input.address,
        network: input.network,
        usable: utcDateTime(usableAt(now, this.options.coolingHours)),
        link: `${this.options.origin}${ADDRESS_BOOK_SCREEN}`,
      },
    };
    let added: { id: number };
    try {
      added = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(withdrawAddresses)
          .values({ userId, currency: input.currency, network: input.network, address: input.address, label: input.label, createdAt: now })
          .returning({ id: withdrawAddresses.id });
        await audit(tx, { actorKind: "user", actorId: userId, action: "withdraw_address.add", targetKind: "withdraw_address", targetId: row.id, detail: { network: input.network, address: input.address } });
        await this.options.notifier.notifyUser(tx, userId, notice);
        return { id: row.id };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError("ADDRESS_EXISTS", "address");
      throw error;
    }
    await this.options.mailer(userId, notice);
    return added;
  }

  async list(userId: number, currency: string): Promise<WithdrawAddress[]> {
    const rows = await this.db
      .select()
      .from(withdrawAddresses)
      .where(and(eq(withdrawAddresses.userId, userId), eq(withdrawAddresses.currency, currency)))
      .orderBy(asc(withdrawAddresses.id));
    return rows.map((r) => ({ id: r.id, currency: r.currency, network: r.network, address: r.address, label: r.label, usable_at: toSeconds(usableAt(r.createdAt, this.options.coolingHours)) }));
  }

  /**
   * Only the owner deletes an address. Someone else's address and a missing one get the same answer (not found), so
   * ids cannot be probed for which exist.
   */
  async remove(userId: number, id: number): Promise<void> {
    const rows = await this.db.select({ id: withdrawAddresses.id }).from(withdrawAddresses).where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId)));
    if (!rows.length) throw new DomainError("DATA_NOT_FOUND");
    await this.db.transaction(async (tx) => {
      await tx.delete(withdrawAddresses).where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId)));
      await audit(tx, { actorKind: "user", actorId: userId, action: "withdraw_address.delete", targetKind: "withdraw_address", targetId: id });
    });
  }
}
