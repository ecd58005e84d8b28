import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { TipWalletPage } from "./tip-wallet-page";

describe("tip-wallet page", () => {
  it("has a way back besides signing in another way", () => {
    render(
      <I18nProvider i18n={i18n}>
        <TipWalletPage />
      </I18nProvider>,
    );
    expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log in with an account" })).toBeTruthy();
  });
});
