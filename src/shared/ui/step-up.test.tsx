import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { funding } from "@contract";
import type { UserInfo } from "@contract/auth";
import { errors } from "@contract/messages";
import { endpoint } from "../api/client";
import { hasLoginAtom, store, userInfoAtom } from "../state/store";
import { renderScreen } from "../testing/render-screen";
import { useStepUpAction } from "./step-up";
import { answerOk, answerRefused } from "../testing/answers";

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
      return body.step_up === "trade123" ? answerOk({ id: 1 }) : answerRefused("STEP_UP_WRONG", "step_up");
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function SaveAddress({ onDone }: { onDone: () => void }) {
  const save = useStepUpAction(async (stepUp) => {
    await addAddress({ network: "TRC20", address: "T123", ...stepUp }, { loading: false });
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
    renderScreen(<SaveAddress onDone={done} />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" });
    expect(sent).toHaveLength(0);
    const proof = within(dialog).getByLabelText("Trading password");
    fireEvent.change(proof, { target: { value: "guess" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    // The client shows an answer once the server messages of the language are loaded: the English text, not the key.
    await within(dialog).findByText(errors.STEP_UP_WRONG.en);
    expect(screen.getByRole("dialog")).toBeTruthy();
    fireEvent.change(within(screen.getByRole("dialog")).getByLabelText("Trading password"), { target: { value: "trade123" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.map((b) => b.step_up)).toEqual(["guess", "trade123"]);
  });

  it("names the Google code when 2FA is bound, and the login password when the user has neither", async () => {
    store.set(userInfoAtom, { has_trade_password: false, google_bound: true } as UserInfo);
    const { unmount } = renderScreen(<SaveAddress onDone={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(within(await screen.findByRole("dialog")).getByLabelText("Google Authenticator code")).toBeTruthy();
    unmount();
    store.set(userInfoAtom, { has_trade_password: false, google_bound: false } as UserInfo);
    renderScreen(<SaveAddress onDone={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(within(await screen.findByRole("dialog")).getByLabelText("Login password")).toBeTruthy();
  });

  it("checks the form before asking for the proof, and one confirmed proof covers the next try of the same change", async () => {
    const done = vi.fn();
    // The server refuses the first address's format after taking the proof; the second goes through.
    let tries = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (request: Request) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.step_up !== "trade123") return answerRefused("STEP_UP_WRONG", "step_up");
        return ++tries === 1 ? answerRefused("ADDRESS_INVALID", "address") : answerOk({ id: 1 });
      }),
    );
    function Checked() {
      const [address, setAddress] = useState("hello world");
      const save = useStepUpAction(
        async (stepUp) => {
          await addAddress({ network: "TRC20", address, ...stepUp }, { loading: false });
          done();
        },
        { check: () => (address.includes(" ") ? { address: errors.ADDRESS_INVALID.key } : null) },
      );
      return (
        <>
          <form onSubmit={save.onSubmit}>
            <input aria-label="Address" value={address} onChange={(e) => setAddress(e.target.value)} />
            {save.errorOf("address") && <p role="alert">{save.errorOf("address")}</p>}
            <button type="submit">Save address</button>
          </form>
          {save.prompt}
        </>
      );
    }
    renderScreen(<Checked />);
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    // The format is wrong: said at once, and no proof is asked for.
    expect((await screen.findByRole("alert")).textContent).toBe(errors.ADDRESS_INVALID.en);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: "Tfirst" } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Trading password"), { target: { value: "trade123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("alert")).toBeTruthy();
    // The proof was taken: fixing the address and saving again does not ask for it a second time.
    fireEvent.change(screen.getByLabelText("Address"), { target: { value: "Tsecond" } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sent.map((b) => b.step_up)).toEqual(["trade123", "trade123"]);
  });
});
