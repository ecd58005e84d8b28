import { beforeEach, describe, expect, it } from "vitest";
import { clear } from "idb-keyval";
import { FALLBACK_TEXTS, getNoticeTexts, getNotifyEnabled, noticeBody, recordUnread, setNoticeTexts, setNotifyEnabled } from "./notices";

beforeEach(async () => {
  await clear();
});

describe("notice state shared by the page and the service worker", () => {
  it("announces nothing the first time (a backlog is not news), then only notices newer than the last announced", async () => {
    expect(await recordUnread(7, { unread: 3, latest_at: 100 })).toBe(false);
    expect(await recordUnread(7, { unread: 3, latest_at: 100 })).toBe(false);
    expect(await recordUnread(7, { unread: 4, latest_at: 150 })).toBe(true);
    // Announced once: the other side (page or worker) finds nothing new.
    expect(await recordUnread(7, { unread: 4, latest_at: 150 })).toBe(false);
    // Read meanwhile: nothing unread, nothing to announce, even with a newer time.
    expect(await recordUnread(7, { unread: 0, latest_at: 200 })).toBe(false);
    expect(await recordUnread(7, { unread: 1, latest_at: 250 })).toBe(true);
  });

  it("keeps users apart", async () => {
    await recordUnread(1, { unread: 1, latest_at: 100 });
    expect(await recordUnread(2, { unread: 1, latest_at: 500 })).toBe(false);
    expect(await recordUnread(1, { unread: 2, latest_at: 500 })).toBe(true);
  });

  it("starts from an empty inbox: the first message is news", async () => {
    expect(await recordUnread(3, { unread: 0, latest_at: null })).toBe(false);
    expect(await recordUnread(3, { unread: 1, latest_at: 10 })).toBe(true);
  });

  it("stores the device's choice and the translated texts", async () => {
    expect(await getNotifyEnabled()).toBe(false);
    await setNotifyEnabled(true);
    expect(await getNotifyEnabled()).toBe(true);
    expect(await getNoticeTexts()).toEqual(FALLBACK_TEXTS);
    await setNoticeTexts({ title: "TradeWise", body: "Mensajes sin leer: {n}" });
    expect(noticeBody(await getNoticeTexts(), 5)).toBe("Mensajes sin leer: 5");
  });
});
