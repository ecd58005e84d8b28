import { act, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { get } from "idb-keyval";
import type { UserInfo } from "@contract/auth";
import { atom, clearSession, hasLoginAtom, hydrateState, langAtom, setLanguage, setToken, setUserInfo, store, tokenAtom, useAtomValue, useSetAtom, userInfoAtom } from "./store";

describe("the state store", () => {
  it("holds an atom's first value until set, sets from the previous value, and tells listeners of real changes only", () => {
    const count = atom(1);
    const heard = vi.fn();
    const stop = store.sub(count, heard);
    expect(store.get(count)).toBe(1);
    store.set(count, (n) => n + 1);
    store.set(count, 2);
    expect(store.get(count)).toBe(2);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    store.set(count, 3);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("keeps atoms apart, even with equal first values", () => {
    const a = atom<string | null>(null);
    const b = atom<string | null>(null);
    store.set(a, "x");
    expect(store.get(b)).toBeNull();
  });

  it("re-renders a screen reading an atom when it changes, from inside or outside React", () => {
    const name = atom("first");
    let renders = 0;
    let setName: (next: string) => void = () => undefined;
    function Screen() {
      renders++;
      setName = useSetAtom(name);
      return <p>{useAtomValue(name)}</p>;
    }
    const view = render(<Screen />);
    expect(view.container.textContent).toBe("first");
    act(() => store.set(name, "second"));
    expect(view.container.textContent).toBe("second");
    act(() => setName("third"));
    expect(view.container.textContent).toBe("third");
    const before = renders;
    act(() => store.set(name, "third"));
    expect(renders).toBe(before);
  });

  it("persists the session and language in IndexedDB and reads them back before the first render", async () => {
    const user = { id: 7, account: "bob" } as UserInfo;
    await setToken("tok-7");
    await setUserInfo(user);
    await setLanguage("pt");
    expect(await get("token")).toBe("tok-7");
    expect(await get("lang")).toBe("pt");
    // A new page: the atoms start over, the stored values come back.
    store.set(tokenAtom, null);
    store.set(userInfoAtom, null);
    store.set(hasLoginAtom, false);
    store.set(langAtom, "en");
    await hydrateState();
    expect(store.get(tokenAtom)).toBe("tok-7");
    expect(store.get(userInfoAtom)).toEqual(user);
    expect(store.get(hasLoginAtom)).toBe(true);
    expect(store.get(langAtom)).toBe("pt");
    await clearSession();
    expect(store.get(hasLoginAtom)).toBe(false);
    expect(await get("token")).toBeUndefined();
    await hydrateState();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(langAtom)).toBe("pt");
  });
});
