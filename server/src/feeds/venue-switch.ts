import { z } from "zod";
import { notifications } from "../../contract";
import { audit } from "../platform/audit";
import { utcDateTime, type Clock } from "../platform/clock";
import type { Bus } from "../platform/bus";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { Translator } from "../platform/i18n";
import { noticeTexts, type NoticeBoard } from "../platform/notify";
import { parsedOrDefault, settingReader } from "../platform/settings";
import type { VenueInfo } from "./feed";

/**
 * The crypto venues an operator switched off for everybody (the back office's feed page). Kept in settings
 * (`market.venues_off`), read by every process into memory: the feed leader's VenueMix asks `isOff` on every trade,
 * so a switched-off venue drops out of the pairs' median at once (the pair pauses only when no fresh venue remains).
 * A switch is audited and announced to every user as a notice, like a change of trading terms. Only the venues of
 * the crypto mix can be switched: OANDA and the simulator are their pairs' only source.
 */

const venuesOff = settingReader("market.venues_off", parsedOrDefault(z.array(z.string()), [] as string[]));
/** Published after a switch, so every process reloads the list. */
export const VENUES_OFF_TOPIC = "market.venues_off";

export class VenueSwitch {
  private off = new Set<string>();

  constructor(
    private readonly deps: {
      db: Db;
      bus: Bus;
      clock: Clock;
      translator: Translator;
      notices?: NoticeBoard;
      /** The venues an operator may switch (the crypto mix's, in the order configured). */
      switchable: () => readonly VenueInfo[];
    },
  ) {}

  /** Loads the list and follows other processes' switches. Returns the unsubscribe function. */
  async init(): Promise<() => void> {
    await this.reload();
    return this.deps.bus.subscribe(VENUES_OFF_TOPIC, () => void this.reload());
  }

  private async reload(): Promise<void> {
    this.off = new Set(await venuesOff.read(this.deps.db));
  }

  isOff = (venue: string): boolean => this.off.has(venue);

  canSwitch(venue: string): boolean {
    return this.deps.switchable().some((v) => v.id === venue);
  }

  /** Switches a venue off or on (audited, announced); asking for the state it already has changes nothing. */
  async set(operatorId: number, venue: string, off: boolean, reason: string | null, known: readonly VenueInfo[]): Promise<{ venue: string; off: boolean }> {
    const info = known.find((v) => v.id === venue);
    if (!info) throw new DomainError("VENUE_NOT_FOUND");
    if (!this.canSwitch(venue)) throw new DomainError("VENUE_NOT_SWITCHABLE");
    let announce: () => void = () => undefined;
    const changed = await this.deps.db.transaction(async (tx) => {
      const before = new Set(await venuesOff.read(tx));
      if (before.has(venue) === off) return false;
      if (off) before.add(venue);
      else before.delete(venue);
      await venuesOff.save(tx, [...before].sort());
      await audit(tx, { actorKind: "operator", actorId: operatorId, action: off ? "market.venue.off" : "market.venue.on", targetKind: "venue", targetId: venue, detail: { reason } });
      const remaining = this.deps.switchable().filter((v) => !before.has(v.id)).map((v) => v.name);
      if (this.deps.notices) {
        const texts = noticeTexts(
          this.deps.translator,
          off ? notifications.VENUE_OFF_TITLE.key : notifications.VENUE_ON_TITLE.key,
          off ? notifications.VENUE_OFF_BODY.key : notifications.VENUE_ON_BODY.key,
          // With no venue left the pairs pause: the notice names none, and says the venue is off.
          { venue: info.name, venues: remaining.length ? remaining.join(", ") : "-", time: utcDateTime(this.deps.clock.now()) },
        );
        announce = (await this.deps.notices.publish(tx, texts, operatorId)).announce;
      }
      return true;
    });
    if (changed) {
      announce();
      await this.reload();
      this.deps.bus.publish(VENUES_OFF_TOPIC, { venue, off });
    }
    return { venue, off };
  }
}
