import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import type { funding } from "@contract";
import type { UserInfo } from "@contract/auth";
import { errors } from "@contract/messages";
import { endpoint } from "../api/client";
import { hasLoginAtom, StateProvider, store, userInfoAtom } from "../state/store";
import { useStepUpAction } from "./step-up";

/**
 * The step-up prompt as a user meets it: a sensitive change asks for the proof once, names the proof this user has,
 * keeps the prompt open on a wrong proof with its message, and sends the proof with the change.
 */

const addAddress = endpoint<typeof funding.addAddress>({ method: "POST", path: "wallet/addaddress", access: "user" });

let sent: Record<string, unknown>[];

beforeEach(() => {
  sent = [];
  store.set(hasLoginAtom, true);
  store.set(userInfoAtom, { has_trade_password: true, google_bound: false } as UserInfo);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const refused = body.step_up !== "trade123";
      const answer = refused
        ? { type: "error", code: "STEP_UP_WRONG", message: errors.STEP_UP_WRONG.key, fields: { step_up: errors.STEP_UP_WRONG.key } }
        : { type: "ok", message: { id: 1 } };
      return new Response(JSON.stringify(answer), { status: refused ? 400 : 200, headers: { "content-type": "application/json" } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Screen({ onDone }: { onDone: () => void }) {
  return (
    <StateProvider store={store}>
      <I18nProvider i18n={i18n}>
        <SaveAddress onDone={onDone} />
      </I18nProvider>
    </StateProvider>
  );
}

function SaveAddress({ onDone }: { onDone: () => void }) {
  const save = useStepUpAction(async (stepUp) => {
    await addAddress({ network: "TRC20", address: "T123", step_up: stepUp }, { loading: false });
    onDone();
  });
  return (
    <>
      <form onSubmit={save.onSubmit}>
        <button type="submit">Save address</button>
      </form>
      {save.prompt}
    </>
  );
}

describe("step-up prompt", () => {
  it("asks once for the trading password, keeps asking after a wrong one, then sends the change with it", async () => {
    const done = vi.fn();
    render(<Screen onDone={done} />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" });
    expect(sent).toHaveLength(0);
    const proof = within(dialog).getByLabelText("Trading password");
    fireEvent.change(proof, { target: { value: "guess" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await within(dialog).findByText(errors.STEP_UP_WRONG.key); // the wire key: tests run without catalogues
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.change(within(screen.getByRole("dialog")).getByLabelText("Trading password"), { target: { value: "trade123" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.map((b) => b.step_up)).toEqual(["guess", "trade123"]);
  });

  it("names the Google code when 2FA is bound, and the login password when the user has neither", async () => {
    store.set(userInfoAtom, { has_trade_password: false, google_bound: true } as UserInfo);
    const { unmount } = render(<Screen onDone={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(within(await screen.findByRole("dialog")).getByLabelText("Google Authenticator code")).toBeTruthy();
    unmount();
    store.set(userInfoAtom, { has_trade_password: false, google_bound: false } as UserInfo);
    render(<Screen onDone={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(within(await screen.findByRole("dialog")).getByLabelText("Login password")).toBeTruthy();
  });
});
