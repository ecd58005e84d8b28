/**
 * The app's shared client state: the session and language (persisted with idb-keyval), the theme, and the UI values
 * (loading, toasts) that code outside React also sets. They are jotai atoms in one store: screens read them with
 * `useAtomValue` (they re-render when the value changes), other code (the HTTP client, the service worker's glue)
 * with `store.get` / `store.set` / `store.sub`.
 *
 * This is the only module that imports jotai (lint refuses it elsewhere): one store, one way to read and write it,
 * and the library could be swapped here alone.
 */
import { atom, createStore } from "jotai/vanilla";
import { useAtomValue as useJotaiValue, useSetAtom as useJotaiSetter } from "jotai/react";
import type { PrimitiveAtom, SetStateAction } from "jotai/vanilla";
import { del, get, set } from "idb-keyval";
import type { UserInfo } from "@contract/auth";
import { defaultLanguage, languages, type Language } from "@contract/constants";

export { atom };
export type { PrimitiveAtom };

/** The app's one store; React reads the same one (no Provider: the hooks below name it). */
export const store = createStore();

/** A value for a screen: it re-renders when the value changes. */
export function useAtomValue<T>(value: PrimitiveAtom<T>): T {
  return useJotaiValue(value, { store });
}

/** A setter for a value (stable across renders). */
export function useSetAtom<T>(value: PrimitiveAtom<T>): (update: SetStateAction<T>) => void {
  return useJotaiSetter(value, { store });
}

/** Storage keys: the seed stores the language under `lang`; the token and user info beside it. */
export const STORAGE_KEYS = { token: "token", userInfo: "userInfo", lang: "lang", theme: "theme" } as const;

export const tokenAtom = atom<string | null>(null);
export const userInfoAtom = atom<UserInfo | null>(null);
/** Starts false; setting user info sets it true. */
export const hasLoginAtom = atom(false);
export const langAtom = atom<Language>(defaultLanguage);
export type Theme = "dark" | "light";
export const themeAtom = atom<Theme>("dark");
/** The real-name modal was dismissed in this session (it asks again after the next login). */
export const realNameDismissedAtom = atom(false);
/** Calls in flight that show the loading indicator. */
export const loadingCountAtom = atom(0);

export interface Toast {
  id: number;
  text: string;
  kind: "info" | "error" | "success";
}
export const toastsAtom = atom<Toast[]>([]);

const isLanguage = (value: unknown): value is Language => typeof value === "string" && (languages as readonly string[]).includes(value);

/** Reads the persisted session and language into the store before the first render. */
export async function hydrateState(): Promise<void> {
  const [token, userInfo, lang, theme] = await Promise.all([
    get<string>(STORAGE_KEYS.token).catch(() => undefined),
    get<UserInfo>(STORAGE_KEYS.userInfo).catch(() => undefined),
    get<string>(STORAGE_KEYS.lang).catch(() => undefined),
    get<Theme>(STORAGE_KEYS.theme).catch(() => undefined),
  ]);
  store.set(langAtom, isLanguage(lang) ? lang : defaultLanguage);
  const prefersLight = typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: light)").matches;
  applyTheme(theme === "light" || theme === "dark" ? theme : prefersLight ? "light" : "dark");
  if (token) store.set(tokenAtom, token);
  if (token && userInfo) {
    store.set(userInfoAtom, userInfo);
    store.set(hasLoginAtom, true);
  }
}

export const getToken = (): string | null => store.get(tokenAtom);
export const getLanguage = (): Language => store.get(langAtom);

export async function setToken(token: string): Promise<void> {
  store.set(tokenAtom, token);
  await set(STORAGE_KEYS.token, token);
}

/** Setting user info marks the session logged in and saves the info locally. */
export async function setUserInfo(info: UserInfo): Promise<void> {
  store.set(userInfoAtom, info);
  store.set(hasLoginAtom, true);
  await set(STORAGE_KEYS.userInfo, info);
}

/** Clears the token and user info and marks the session logged out. */
export async function clearSession(): Promise<void> {
  store.set(tokenAtom, null);
  store.set(userInfoAtom, null);
  store.set(hasLoginAtom, false);
  store.set(realNameDismissedAtom, false);
  await Promise.all([del(STORAGE_KEYS.token), del(STORAGE_KEYS.userInfo)]);
}

export async function setLanguage(lang: Language): Promise<void> {
  store.set(langAtom, lang);
  await set(STORAGE_KEYS.lang, lang);
}

function applyTheme(theme: Theme): void {
  store.set(themeAtom, theme);
  document.documentElement.dataset.theme = theme;
}

export async function setTheme(theme: Theme): Promise<void> {
  applyTheme(theme);
  await set(STORAGE_KEYS.theme, theme);
}

let toastId = 0;
export const TOAST_MS = 3000;

/** Shows a toast for 3 s. */
export function showToast(text: string, kind: Toast["kind"] = "info", durationMs = TOAST_MS): void {
  const id = ++toastId;
  store.set(toastsAtom, (list) => [...list.slice(-2), { id, text, kind }]);
  setTimeout(() => store.set(toastsAtom, (list) => list.filter((t) => t.id !== id)), durationMs);
}

export function beginLoading(): void {
  store.set(loadingCountAtom, (n) => n + 1);
}

export function endLoading(): void {
  store.set(loadingCountAtom, (n) => Math.max(0, n - 1));
}
