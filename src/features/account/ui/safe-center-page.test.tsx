import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { activateLanguage, screensCatalogueReady } from "@/shared/i18n/i18n";
import { store, userInfoAtom } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { stubApi } from "@/shared/testing/answers";

/**
 * A trading password that has been set reads as a state ("Configurada", "已设置"), not as the verb of the
 * anti-phishing form's button ("Configurar", "设置"), which shared its English word "Set" (issue 40's screenshots).
 */

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage("en");
});

describe.each([
  { lang: "es" as const, state: "Configurada" },
  { lang: "zh" as const, state: "已设置" },
])("security centre in $lang", ({ lang, state }) => {
  it("says the trading password is set as a state", async () => {
    stubApi({ "user/info": { id: 1, has_trade_password: true }, "user/passkeys": { list: [] } });
    await activateLanguage(lang);
    await screensCatalogueReady();
    store.set(userInfoAtom, { id: 1, has_trade_password: true, google_bound: false, anti_phishing_set: false } as never);
    const { SafeCenterPage } = await import("./safe-center-page");
    renderScreen(<SafeCenterPage />);
    const row = (await screen.findByRole("link", { name: new RegExp(lang === "es" ? "Contraseña de operaciones" : "交易密码") })).textContent;
    expect(row).toContain(state);
  });
});
