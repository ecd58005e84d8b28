import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { get } from "idb-keyval";
import { i18n } from "@lingui/core";
import { request, REQUEST_TIMEOUT_MS } from "./client";
import { ApiError, NetworkError } from "./errors";
import { isOnline, reportReachable } from "./online";
import { hasLoginAtom, loadingCountAtom, setLanguage, setToken, setUserInfo, store, toastsAtom, tokenAtom } from "../state/store";
import type { UserInfo } from "@contract/auth";
import { answerJson } from "../testing/answers";
import { errors } from "@contract/messages";

const user: UserInfo = {
  id: 1, account: "alice", email: null, invite_code: "ABCDEFGH", review_status: 2, has_trade_password: false,
  google_bound: false, frozen: false, locked: false, wallet_address: null, withdraw_locked_until: null, anti_phishing_set: false, lang: "en", created_at: 0,
};

let fetchMock: ReturnType<typeof vi.fn>;
const lastRequest = (): Request => fetchMock.mock.calls.at(-1)![0] as Request;
/** Bodies as the fetch saw them (read on arrival: the request object is not readable afterwards). */
let bodies: string[] = [];
const lastBody = () => bodies.at(-1)!;

beforeEach(async () => {
  bodies = [];
  fetchMock = vi.fn(async () => answerJson({ type: "ok", message: { fine: true } }));
  const record = async (req: Request) => {
    bodies.push(req.method === "GET" ? "" : await req.clone().text());
  };
  const plain = fetchMock as unknown as ((req: Request, init?: RequestInit) => Promise<Response>) & typeof fetchMock;
  fetchMock = vi.fn(async (req: Request, init?: RequestInit) => {
    await record(req);
    return plain(req, init);
  });
  // Tests replace the answer through `answerWith`; the recorder stays in front.
  answerWith = (impl) => plain.mockImplementationOnce(impl);
  vi.stubGlobal("fetch", fetchMock);
  store.set(toastsAtom, []);
  await setLanguage("en");
  i18n.loadAndActivate({ locale: "en", messages: { [errors.INSUFFICIENT_BALANCE.key]: "Insufficient balance", [errors.LOGIN_REQUIRED.key]: "Please log in first", [errors.REQUEST_EXCEPTION.key]: "Request exception" } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

let answerWith: (impl: (req: Request) => Promise<Response>) => void;
const answerWithValue = (response: Response) => answerWith(async () => response);
const answerWithError = (error: Error) => answerWith(async () => { throw error; });

describe("request helper", () => {
  it("uses GET by default and puts the payload in the query", async () => {
    await request("currency/quotation_new", { data: { symbol: "BTC/USDT" } });
    const req = lastRequest();
    expect(req.method).toBe("GET");
    const url = new URL(req.url);
    expect(url.pathname).toBe("/api/currency/quotation_new");
    expect(url.searchParams.get("symbol")).toBe("BTC/USDT");
  });

  it("adds the stored language to every payload", async () => {
    await setLanguage("ko");
    await request("user/info");
    expect(new URL(lastRequest().url).searchParams.get("lang")).toBe("ko");
    await request("user/login", { method: "POST", data: { account: "a" } });
    expect(new URLSearchParams(lastBody()).get("lang")).toBe("ko");
  });

  it("sends the stored token in Authorization on token calls, and not otherwise", async () => {
    await setToken("tok-123");
    await request("wallet/list", { method: "POST", auth: true, data: { currency: "USDT" } });
    const req = lastRequest();
    expect(req.headers.get("authorization")).toBe("tok-123");
    expect(req.headers.get("content-type")).toContain("application/json");
    expect(JSON.parse(lastBody())).toEqual({ currency: "USDT", lang: "en" });
    await request("user/login", { method: "POST", data: { account: "a" } });
    expect(lastRequest().headers.get("authorization")).toBeNull();
  });

  it("sends other calls form-urlencoded", async () => {
    await request("user/login", { method: "POST", data: { account: "alice", password: "secret123" } });
    const req = lastRequest();
    expect(req.headers.get("content-type")).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(lastBody()))).toEqual({ account: "alice", password: "secret123", lang: "en" });
  });

  it("resolves with message when type is ok", async () => {
    await expect(request("x")).resolves.toEqual({ fine: true });
  });

  it("resolves with message when code is 1", async () => {
    answerWithValue(answerJson({ code: 1, message: [1, 2] }));
    await expect(request("x")).resolves.toEqual([1, 2]);
  });

  it("on type 999 toasts the translated message for 3 s and logs out", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    await setToken("tok-999");
    await setUserInfo(user);
    answerWithValue(answerJson({ type: 999, code: "LOGIN_REQUIRED", message: errors.LOGIN_REQUIRED.key }, 401));
    await expect(request("user/info", { auth: true })).rejects.toBeInstanceOf(ApiError);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(["Please log in first"]);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(hasLoginAtom)).toBe(false);
    expect(await get("token")).toBeUndefined();
    expect(await get("userInfo")).toBeUndefined();
    expect(window.location.hash).toBe("#/pages/login/index");
    vi.advanceTimersByTime(2999);
    expect(store.get(toastsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(toastsAtom)).toHaveLength(0);
  });

  it("toasts any other answer's translated message and passes the answer on", async () => {
    await setToken("tok-keep");
    window.location.hash = "#/pages/order/withdraw";
    const body = { type: "error", code: "INSUFFICIENT_BALANCE", message: errors.INSUFFICIENT_BALANCE.key, fields: { amount: errors.INSUFFICIENT_BALANCE.key } };
    answerWithValue(answerJson(body, 400));
    const error = (await request("wallet/out", { method: "POST", auth: true }).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("INSUFFICIENT_BALANCE");
    expect(error.status).toBe(400);
    expect(error.answer).toEqual(body);
    expect(error.fields).toEqual({ amount: errors.INSUFFICIENT_BALANCE.key });
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(["Insufficient balance"]);
    // Not a logout: the session and the page stay.
    expect(store.get(tokenAtom)).toBe("tok-keep");
    expect(window.location.hash).toBe("#/pages/order/withdraw");
  });

  it("rejects on a network failure", async () => {
    answerWithError(new TypeError("Failed to fetch"));
    await expect(request("x")).rejects.toBeInstanceOf(NetworkError);
  });

  it("hides the loading indicator after every call: success, refusal and network failure", async () => {
    let seenDuring = -1;
    answerWith(async () => {
      seenDuring = store.get(loadingCountAtom);
      return answerJson({ type: "ok", message: null });
    });
    await request("a", { method: "POST" });
    expect(seenDuring).toBe(1);
    expect(store.get(loadingCountAtom)).toBe(0);
    answerWithValue(answerJson({ type: "error", code: "X", message: errors.INSUFFICIENT_BALANCE.key }, 400));
    await request("b", { method: "POST" }).catch(() => {});
    expect(store.get(loadingCountAtom)).toBe(0);
    answerWithError(new TypeError("offline"));
    await request("c", { method: "POST" }).catch(() => {});
    expect(store.get(loadingCountAtom)).toBe(0);
  });

  it("times out after 60 s", async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    answerWith((req: Request) => new Promise((_resolve, reject) => {
      req.signal.addEventListener("abort", () => reject(req.signal.reason));
    }));
    const pending = request("slow").catch((e) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(await pending).toBeInstanceOf(NetworkError);
  });

  it("reports a timeout as the server unreachable, and a caller's own abort as nothing of the kind", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Like fetch: no answer until the request's signal aborts (or at once when it already has).
    const hang = () => answerWith((req: Request) => new Promise((_resolve, reject) => {
      if (req.signal.aborted) reject(req.signal.reason);
      req.signal.addEventListener("abort", () => reject(req.signal.reason));
    }));
    reportReachable(); // earlier tests' failures
    hang();
    const caller = new AbortController();
    const aborted = request("user/info", { signal: caller.signal, silent: true }).catch((e) => e);
    caller.abort();
    expect(await aborted).toBeInstanceOf(NetworkError);
    expect(isOnline()).toBe(true);

    hang();
    const timedOut = request("user/info", { silent: true }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
    expect(await timedOut).toBeInstanceOf(NetworkError);
    expect(isOnline()).toBe(false);
    reportReachable();
  });

  it("sends a call once: a failure is not retried behind the caller's back (SWR decides when to ask again)", async () => {
    answerWithError(new TypeError("Failed to fetch"));
    await expect(request("market/list", { silent: true })).rejects.toBeInstanceOf(NetworkError);
    answerWithValue(new Response("busy", { status: 503 }));
    await expect(request("market/list", { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("treats an unreadable answer as a request exception, and toasts that refusal in the reader's language", async () => {
    answerWithValue(new Response("<html>bad gateway</html>", { status: 502 }));
    const error = (await request("x").catch((e) => e)) as ApiError;
    expect(error.code).toBe("REQUEST_EXCEPTION");
    expect(error.key).toBe(errors.REQUEST_EXCEPTION.key);
    expect(error.status).toBe(502);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(["Request exception"]);
  });
});
