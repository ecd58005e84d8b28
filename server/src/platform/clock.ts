/** Time comes from here, so tests can move it (expiries, the 24-hour withdrawal lock, settlements). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | number = Date.UTC(2026, 0, 1)) {
    this.current = typeof start === "number" ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(at: Date | number): void {
    this.current = typeof at === "number" ? at : at.getTime();
  }
}

/** Seconds since the epoch, as the wire carries time. */
export const toSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** A time as every text the server writes shows it (notices, e-mails): `YYYY-MM-DD HH:mm:ss`, UTC. */
export const utcDateTime = (at: number | Date): string => new Date(at).toISOString().replace("T", " ").slice(0, 19);
