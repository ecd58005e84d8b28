import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errors } from "@contract/messages";
import type { ActiveSession } from "@contract/security";
import { hasLoginAtom, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk, answerRefused } from "@/shared/testing/answers";

let sessions: ActiveSession[] = [];
let code: string | null = null;
const posted: { path: string; body: Record<string, unknown> }[] = [];

const session = (id: number, current: boolean, device: string, browser: string): ActiveSession => ({
  id, device, browser, user_agent: "", ip: `10.0.0.${id}`, created_at: 1_700_000_000, last_seen_at: 1_700_000_100, current,
});

beforeEach(() => {
  posted.length = 0;
  sessions = [session(1, true, "iPhone", "Safari"), session(2, false, "Android", "Chrome"), session(3, false, "Windows", "Edge")];
  code = null;
  store.set(hasLoginAtom, true);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/api\//, "");
      const text = request.method === "POST" ? await request.text() : "";
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      posted.push({ path, body });
      let message: unknown = {};
      if (path === "safe/sessions") message = { list: sessions };
      else if (path === "safe/sessions/end") sessions = sessions.filter((s) => s.id !== body.id);
      else if (path === "safe/sessions/end_others") {
        const ended = sessions.filter((s) => !s.current).length;
        sessions = sessions.filter((s) => s.current);
        message = { ended };
      } else if (path === "safe/anti_phishing") message = { code };
      else if (path === "safe/anti_phishing/set") {
        if (body.step_up !== "trade-pass") {
          return answerRefused("STEP_UP_WRONG", "step_up");
        }
        code = String(body.code);
        message = { code };
      }
      return answerOk(message);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(hasLoginAtom, false);
});

describe("active sessions page", () => {
  it("lists the sessions with this device marked, and logs out one after confirming", async () => {
    const { SessionsPage } = await import("./sessions-page");
    renderScreen(<SessionsPage />);
    const rows = await screen.findAllByTestId("session");
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText("This device")).toBeTruthy();
    expect(within(rows[0]).queryByRole("button", { name: "Log out" })).toBeNull();
    expect(within(rows[1]).getByText("Chrome / Android")).toBeTruthy();
    fireEvent.click(within(rows[1]).getByRole("button", { name: "Log out" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(screen.getAllByTestId("session")).toHaveLength(2));
    expect(posted.find((p) => p.path === "safe/sessions/end")?.body).toMatchObject({ id: 2 });
  });

  it("logs out every other session", async () => {
    const { SessionsPage } = await import("./sessions-page");
    renderScreen(<SessionsPage />);
    await screen.findAllByTestId("session");
    fireEvent.click(screen.getByRole("button", { name: "Log out all other sessions" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(screen.getAllByTestId("session")).toHaveLength(1));
    expect((screen.getByRole("button", { name: "Log out all other sessions" }) as HTMLButtonElement).disabled).toBe(true);
    // Greyed out, it says why beside it.
    expect(screen.getByTestId("disabled-reason").textContent).toBe("No other session is signed in.");
  });
});

describe("forms held back until filled in (issue 40)", () => {
  it("the login password's Confirm says the fields are missing, and nothing once they are filled in", async () => {
    const { PasswordPage } = await import("./password-page");
    renderScreen(<PasswordPage />);
    expect((screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("disabled-reason").textContent).toBe("Fill in every field above.");
    for (const name of ["old_password", "password", "re_password"]) {
      fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value: "secret123" } });
    }
    expect(screen.queryByTestId("disabled-reason")).toBeNull();
  });

  it("the trading password, the e-mail, the bank card and the anti-phishing forms say it too", async () => {
    const { userInfoAtom } = await import("@/shared/state/store");
    store.set(userInfoAtom, { has_trade_password: true, google_bound: false } as never);
    const pages = [
      (await import("./pay-password-page")).PayPasswordPage,
      (await import("./email-page")).EmailPage,
      (await import("./bank-page")).BankPage,
      (await import("./anti-phishing-page")).AntiPhishingPage,
    ];
    for (const Screen of pages) {
      const { unmount } = renderScreen(<Screen />);
      expect((await screen.findByTestId("disabled-reason")).textContent).toBe("Fill in every field above.");
      unmount();
    }
  });
});

describe("e-mail page", () => {
  it("sets the bound e-mail as a row inside its card, not as the card itself (whose padding the row resets)", async () => {
    const { userInfoAtom } = await import("@/shared/state/store");
    store.set(userInfoAtom, { email: null } as never);
    const { EmailPage } = await import("./email-page");
    renderScreen(<EmailPage />);
    const row = screen.getByText("Bound e-mail").closest(".kv")!;
    expect(row.textContent).toBe("Bound e-mailNot bound");
    expect(row.classList.contains("card")).toBe(false);
    expect(row.parentElement!.classList.contains("card")).toBe(true);
  });
});

describe("anti-phishing page", () => {
  it("sets the code with the step-up proof, and shows a refused proof under its field", async () => {
    const { AntiPhishingPage } = await import("./anti-phishing-page");
    renderScreen(<AntiPhishingPage />);
    expect(await screen.findByText("No code set yet.")).toBeTruthy();
    const submit = screen.getByRole("button", { name: "Set" }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "ab" } });
    fireEvent.change(screen.getByLabelText("Trading password or Google 2FA code"), { target: { value: "wrong" } });
    expect(submit.disabled).toBe(true); // too short for the rule
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "Blue-Owl_7" } });
    fireEvent.click(submit);
    // The field's message under the proof's input, translated (the client shows an answer once the catalogue is loaded).
    expect(await screen.findByText(errors.STEP_UP_WRONG.en)).toBeTruthy();
    expect(code).toBeNull();
    fireEvent.change(screen.getByLabelText("Trading password or Google 2FA code"), { target: { value: "trade-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Set" }));
    expect((await screen.findByTestId("anti-phishing-code")).textContent).toBe("Blue-Owl_7");
  });
});

describe("setting the first trading password", () => {
  it("says the length rule at once, before asking for the login password", async () => {
    const { userInfoAtom } = await import("@/shared/state/store");
    store.set(userInfoAtom, { has_trade_password: false, google_bound: false } as never);
    const { PayPasswordPage } = await import("./pay-password-page");
    renderScreen(<PayPasswordPage />);
    fireEvent.change(document.querySelector("input[name=password]")!, { target: { value: "123" } });
    fireEvent.change(document.querySelector("input[name=re_password]")!, { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(errors.PASSWORD_LENGTH.en));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posted.filter((p) => p.path === "safe/update_password")).toHaveLength(0);
  });
});
