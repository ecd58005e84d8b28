import { describe, expect, it } from "vitest";
import type { SupportMessage } from "@contract/support";
import { byDay, markedRead, withMessage } from "./conversation";

const m = (id: number, from: "user" | "agent", read = false, at = 1_000 + id): SupportMessage => ({ id, from, text: `m${id}`, image_url: null, image_id: null, created_at: at, read });

describe("conversation", () => {
  it("appends in id order, replaces a known message, and counts unread replies", () => {
    let c = { list: [m(1, "user"), m(3, "agent")], unread: 1 };
    c = withMessage(c, m(2, "agent"));
    expect(c.list.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(c.unread).toBe(2);
    c = withMessage(c, m(2, "agent", true));
    expect(c.list).toHaveLength(3);
    expect(c.unread).toBe(1);
    expect(markedRead(c).unread).toBe(0);
  });

  it("an agent's reply marks the user's earlier messages read", () => {
    const c = withMessage({ list: [m(1, "user"), m(2, "user")], unread: 0 }, m(3, "agent"));
    expect(c.list.map((x) => x.read)).toEqual([true, true, false]);
  });

  it("groups by day", () => {
    const groups = byDay([m(1, "user", false, 10), m(2, "agent", false, 20), m(3, "user", false, 90_000)], (s) => String(Math.floor(s / 86_400)));
    expect(groups.map((g) => g.messages.length)).toEqual([2, 1]);
  });
});
