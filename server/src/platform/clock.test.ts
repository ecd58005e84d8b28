import { describe, expect, it } from "vitest";
import { utcDateTime } from "./clock";

describe("utcDateTime", () => {
  it("writes a time the one way server texts show it: YYYY-MM-DD HH:mm:ss UTC, from ms or a Date", () => {
    expect(utcDateTime(Date.UTC(2026, 10, 27, 9, 5, 7, 999))).toBe("2026-11-27 09:05:07");
    expect(utcDateTime(new Date(Date.UTC(2026, 0, 2, 23, 59, 0)))).toBe("2026-01-02 23:59:00");
  });
});
