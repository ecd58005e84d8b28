import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import useSWR, { mutate, SWRConfig } from "swr";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { createStore, entries, set } from "idb-keyval";
import type { UserInfo } from "@contract/auth";
import { clearSession, setUserInfo, store, userInfoAtom } from "../state/store";
import { clearServerCache, loadServerCache, persistentProvider, trackMountedKeys, updatedAt } from "./swr";
import { flush } from "./swr-persist";
import { dataUpdatedAt, formatUpdatedAt, OfflineBar } from "../ui/offline-bar";
import { useAction } from "./use-action";
import { toastsAtom } from "../state/store";

const user = (id: number): UserInfo => ({
  id, account: `user${id}`, email: null, invite_code: "ABCDEFGH", review_status: 2, has_trade_password: true,
  google_bound: false, frozen: false, locked: false, wallet_address: null, withdraw_locked_until: null, anti_phishing_set: false, lang: "en", created_at: 0,
});
const saved = (id: number) => entries(createStore(`tradewise-cache-${id}`, "swr"));

function Wallets({ fetcher }: { fetcher: () => Promise<string[]> }) {
  const { data } = useSWR("wallet/list", fetcher);
  return <div data-testid="wallets">{data ? data.join(",") : "none"}</div>;
}

const app = (children: React.ReactNode) => (
  <I18nProvider i18n={i18n}>
    <SWRConfig value={{ provider: persistentProvider, use: [trackMountedKeys], dedupingInterval: 0 }}>
      {children}
      <OfflineBar />
    </SWRConfig>
  </I18nProvider>
);

let online = true;
beforeAll(() => {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
});
afterAll(() => {
  online = true;
});

const goOffline = () => {
  online = false;
  window.dispatchEvent(new Event("offline"));
};
const goOnline = () => {
  online = true;
  window.dispatchEvent(new Event("online"));
};

describe("the server-data cache survives a restart, per user", () => {
  it("shows what user 1 saw last time before any answer arrives, then writes new answers through", async () => {
    // Last session's copy, as the app left it.
    const yesterday = Date.now() - 20 * 3600_000;
    await set("wallet/list", { data: ["USDT 100"], at: yesterday }, createStore("tradewise-cache-1", "swr"));
    await setUserInfo(user(1));
    await loadServerCache();

    goOffline();
    const never = vi.fn(() => new Promise<string[]>(() => undefined));
    const view = render(app(<Wallets fetcher={never} />));
    expect(screen.getByTestId("wallets").textContent).toBe("USDT 100");
    // The offline bar says how old the data on show is.
    await act(async () => undefined);
    expect(dataUpdatedAt()).toBe(yesterday);
    expect(screen.getByRole("status").textContent).toContain(`Offline · Updated ${formatUpdatedAt(yesterday)}`);
    view.unmount();

    goOnline();
    await act(async () => {
      await mutate("wallet/list", ["USDT 250"], { revalidate: false });
    });
    await flush();
    const rows = Object.fromEntries(await saved(1)) as Record<string, { data: unknown; at: number }>;
    expect(rows["wallet/list"].data).toEqual(["USDT 250"]);
    expect(rows["wallet/list"].at).toBeGreaterThan(yesterday);
    expect(updatedAt.get("wallet/list")).toBe(rows["wallet/list"].at);
  });

  it("never writes one user's answers into another user's copy, and logout empties the copy", async () => {
    await setUserInfo(user(2));
    await act(async () => {
      await mutate("wallet/list", ["USDT 7"], { revalidate: false });
    });
    await flush();
    expect((await saved(2)).map(([key]) => key)).toEqual(["wallet/list"]);
    expect(Object.fromEntries(await saved(1))["wallet/list"]).toMatchObject({ data: ["USDT 250"] });

    // Logout: the session first, then the cache (src/shared/api/session.ts).
    await clearSession();
    await clearServerCache();
    expect(await saved(2)).toEqual([]);
    expect(store.get(userInfoAtom)).toBeNull();
    // Signed out, nothing is written anywhere.
    await act(async () => {
      await mutate("news/list", ["public"], { revalidate: false });
    });
    await flush();
    expect(await saved(2)).toEqual([]);
  });
});

describe("old copies", () => {
  it("drops answers older than two weeks instead of showing them as the last known", async () => {
    const store3 = createStore("tradewise-cache-3", "swr");
    await set("wallet/list", { data: ["ancient"], at: Date.now() - 15 * 24 * 3600_000 }, store3);
    await set("chargelist/log", { data: ["recent"], at: Date.now() - 3600_000 }, store3);
    await setUserInfo(user(3));
    await loadServerCache();
    expect((await entries(store3)).map(([key]) => key)).toEqual(["chargelist/log"]);
    await clearSession();
    await clearServerCache();
  });
});

describe("actions need a connection", () => {
  it("refuses an action offline with a toast and sends nothing; online it runs", async () => {
    const send = vi.fn(async () => "sent");
    let action: ReturnType<typeof useAction<[], string>> | null = null;
    function Form() {
      action = useAction(send);
      return null;
    }
    render(<Form />);
    goOffline();
    store.set(toastsAtom, []);
    expect(await action!.run()).toBeUndefined();
    expect(send).not.toHaveBeenCalled();
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(["You're offline. This needs a connection; nothing was sent."]);
    goOnline();
    expect(await action!.run()).toBe("sent");
  });

  it("lets a device-only action (logging out) run offline", async () => {
    const logout = vi.fn(async () => "bye");
    let action: ReturnType<typeof useAction<[], string>> | null = null;
    function Menu() {
      action = useAction(logout, { offline: "allow" });
      return null;
    }
    render(<Menu />);
    goOffline();
    expect(await action!.run()).toBe("bye");
    goOnline();
  });
});
