import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadingCountAtom, store } from "../state/store";
import { isBusy, resetBusyTracking, trackForms } from "./busy";
import { applyUpdate, getUpdateState, resetUpdateState, shouldReloadOnControl, updateWaiting } from "./updates";

trackForms();

beforeEach(() => {
  document.body.innerHTML = `<form id="f"><input id="amount" /><button type="submit">Go</button></form><button id="elsewhere">x</button>`;
  resetBusyTracking();
  resetUpdateState();
  store.set(loadingCountAtom, 0);
});
afterEach(() => {
  (document.activeElement as HTMLElement | null)?.blur();
});

const type = (value: string) => {
  const input = document.getElementById("amount") as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
};

describe("is the user in the middle of something", () => {
  it("is not, on a page nobody touched", () => {
    expect(isBusy()).toBe(false);
  });

  it("is, once a form was typed into, until it is submitted", () => {
    type("30");
    expect(isBusy()).toBe(true);
    document.getElementById("f")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect(isBusy()).toBe(false);
  });

  it("is not once the edited form left the page (the user navigated away)", () => {
    type("30");
    document.getElementById("f")!.remove();
    expect(isBusy()).toBe(false);
  });

  it("is, while a field has the focus", () => {
    (document.getElementById("amount") as HTMLInputElement).focus();
    expect(isBusy()).toBe(true);
  });

  it("is, while a request is in flight", () => {
    store.set(loadingCountAtom, 1);
    expect(isBusy()).toBe(true);
  });
});

describe("an update waits for the user", () => {
  it("activates only when asked and not busy, and only that page reloads", () => {
    const activate = vi.fn();
    updateWaiting({ activate });
    expect(getUpdateState().waiting).toBe(true);
    expect(shouldReloadOnControl()).toBe(false);

    type("half");
    expect(applyUpdate(isBusy)).toBe(false);
    expect(activate).not.toHaveBeenCalled();

    document.getElementById("f")!.remove();
    expect(applyUpdate(isBusy)).toBe(true);
    expect(activate).toHaveBeenCalledOnce();
    expect(shouldReloadOnControl()).toBe(true);
  });

  it("does nothing without a waiting version", () => {
    expect(applyUpdate(isBusy)).toBe(false);
  });
});
