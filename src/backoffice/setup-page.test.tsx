import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { errors } from "@contract/messages";
import { ApiError } from "@/shared/api/errors";
import { SetupPage, setupTokenOf } from "./setup-page";
import { renderScreen } from "@/shared/testing/render-screen";

const api = vi.hoisted(() => ({ begin: vi.fn(), finish: vi.fn(), setToken: vi.fn() }));
vi.mock("./api", () => ({ setupBegin: api.begin, setupFinish: api.finish, setOperatorToken: api.setToken }));

const URI = "otpauth://totp/TradeWise:backoffice%3Aroot?secret=JBSWY3DPEHPK3PXP&issuer=TradeWise";

describe("setupTokenOf", () => {
  it("reads the token from the hash's query, and nothing from a hash without one", () => {
    expect(setupTokenOf("#/setup?token=abc_DEF-1")).toBe("abc_DEF-1");
    expect(setupTokenOf("#/setup")).toBe("");
  });
});

describe("SetupPage", () => {
  it("shows the key to enrol, keeps the form on a wrong code, and signs in once the right one creates the operator", async () => {
    window.location.hash = "#/setup?token=tok123";
    api.begin.mockResolvedValue({ secret: "JBSWY3DPEHPK3PXP", uri: URI });
    renderScreen(<SetupPage />);
    fireEvent.change(screen.getByLabelText("Operator name"), { target: { value: "root" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "long-enough-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByTestId("setup-secret")).textContent).toBe("JBSWY3DPEHPK3PXP");
    expect(screen.getByTestId("setup-uri").textContent).toBe(URI);
    expect(api.begin).toHaveBeenCalledWith({ token: "tok123", name: "root" });

    api.finish.mockRejectedValueOnce(new ApiError("GOOGLE_CODE_INVALID", errors.GOOGLE_CODE_INVALID.key, 400, {}, { totp: errors.GOOGLE_CODE_INVALID.key }));
    fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Create and sign in" }));
    await waitFor(() => expect(api.finish).toHaveBeenCalledTimes(1));
    expect(api.setToken).not.toHaveBeenCalled();
    expect(screen.getByTestId("setup-secret")).toBeTruthy();

    api.finish.mockResolvedValueOnce({ token: "session-1", operator: { id: 1, name: "root", role: "admin" } });
    fireEvent.change(screen.getByLabelText("Authenticator code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Create and sign in" }));
    await waitFor(() => expect(api.setToken).toHaveBeenCalledWith("session-1"));
    expect(api.finish).toHaveBeenLastCalledWith({ token: "tok123", name: "root", password: "long-enough-pass", totp: "123456" });
  });
});
