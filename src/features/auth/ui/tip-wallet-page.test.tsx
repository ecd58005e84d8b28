import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { TipWalletPage } from "./tip-wallet-page";
import { renderScreen } from "@/shared/testing/render-screen";

describe("tip-wallet page", () => {
  it("has a way back besides signing in another way", () => {
    renderScreen(<TipWalletPage />);
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log in with an account" })).toBeTruthy();
  });
});
