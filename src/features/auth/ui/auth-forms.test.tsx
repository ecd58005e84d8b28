import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

/** A grey button says why beside it (issue 40): the sign-in forms name what is still to be filled in. */

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => answerOk({})),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const reason = () => screen.queryByTestId("disabled-reason")?.textContent ?? null;

describe("sign-in forms", () => {
  it("login: asks for the account and password while Log in is disabled, and says nothing once it is not", async () => {
    const { LoginPage } = await import("./login-page");
    renderScreen(<LoginPage />);
    expect((screen.getByRole("button", { name: "Log in" }) as HTMLButtonElement).disabled).toBe(true);
    expect(reason()).toBe("Enter your account and password.");
    fireEvent.change(screen.getByLabelText("Account or e-mail"), { target: { value: "ana" } });
    fireEvent.change(screen.getByLabelText("Password", { exact: true }), { target: { value: "secret123" } });
    expect((screen.getByRole("button", { name: "Log in" }) as HTMLButtonElement).disabled).toBe(false);
    expect(reason()).toBeNull();
  });

  it("register: says every field is needed while Register is disabled", async () => {
    const { RegisterPage } = await import("./register-page");
    renderScreen(<RegisterPage />);
    expect((screen.getByRole("button", { name: "Register" }) as HTMLButtonElement).disabled).toBe(true);
    expect(reason()).toBe("Fill in every field above to register.");
  });

  it("reset password: names the next field to fill in", async () => {
    const { ForgetPage } = await import("./forget-page");
    renderScreen(<ForgetPage />);
    expect(reason()).toBe("Enter your e-mail: the code is sent there.");
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "ana@example.com" } });
    expect(reason()).toBe("Enter the code from the e-mail.");
    fireEvent.change(screen.getByLabelText("E-mail code"), { target: { value: "123456" } });
    expect(reason()).toBe("Enter a new password.");
  });
});
