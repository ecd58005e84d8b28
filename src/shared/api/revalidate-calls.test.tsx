import { act, render, waitFor } from "@testing-library/react";
import { useState } from "react";
import useSWR, { SWRConfig, useSWRConfig, type Cache, type ScopedMutator } from "swr";
import useSWRInfinite from "swr/infinite";
import { describe, expect, it } from "vitest";
import { revalidateCalls } from "./revalidate-calls";

/** Counts each call's fetches and answers with the count, so a refetch shows. */
function counters() {
  const counts = new Map<string, number>();
  const fetch = (path: string) => async () => {
    const n = (counts.get(path) ?? 0) + 1;
    counts.set(path, n);
    return n;
  };
  return { counts, fetch };
}

describe("revalidateCalls", () => {
  it("refetches the named calls' mounted hooks, paged lists included, and leaves other calls alone", async () => {
    const { counts, fetch } = counters();
    let swr: { cache: Cache; mutate: ScopedMutator } | null = null;
    function Screen() {
      swr = useSWRConfig();
      useSWR("wallet/list", fetch("wallet/list"));
      useSWR(["news/list", 1], fetch("news/list"));
      useSWRInfinite((index) => ["cashlist/log", index + 1], fetch("cashlist/log"));
      return null;
    }
    // A long deduping interval, as in the app: nothing refetches on its own within it.
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 60_000, revalidateOnFocus: false }}>
        <Screen />
      </SWRConfig>,
    );
    await waitFor(() => expect(counts.get("cashlist/log")).toBe(1));
    await act(() => revalidateCalls(swr!, ["wallet/list", "cashlist/log"]));
    expect(Object.fromEntries(counts)).toEqual({ "wallet/list": 2, "news/list": 1, "cashlist/log": 2 });
  });

  it("makes a list that is not on show fetch when it opens again, even within the deduping interval", async () => {
    const { counts, fetch } = counters();
    let swr: { cache: Cache; mutate: ScopedMutator } | null = null;
    let show: (on: boolean) => void = () => undefined;
    function Records() {
      const { data } = useSWRInfinite((index) => ["cashlist/log", index + 1], fetch("cashlist/log"));
      return <p>{data ? `answer ${data[0]}` : "loading"}</p>;
    }
    function Screen() {
      swr = useSWRConfig();
      const [on, setOn] = useState(true);
      show = setOn;
      return on ? <Records /> : null;
    }
    const view = render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 60_000, revalidateOnFocus: false }}>
        <Screen />
      </SWRConfig>,
    );
    await view.findByText("answer 1");
    act(() => show(false));
    // Reopened at once: SWR trusts its answer of a moment ago.
    act(() => show(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts.get("cashlist/log")).toBe(1);
    act(() => show(false));
    await act(() => revalidateCalls(swr!, ["cashlist/log"]));
    act(() => show(true));
    await view.findByText("answer 2");
  });
});
