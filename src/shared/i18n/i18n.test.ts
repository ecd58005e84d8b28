import { describe, expect, it } from "vitest";
import { msg } from "@lingui/core/macro";
import { errors } from "@contract/messages";
import { activateLanguage, i18n, screensCatalogueReady, serverMessagesReady } from "./i18n";

// The tab bar's "Home" is one of the first routes' texts; "please log in first" one of the server's messages.
const home = () => i18n._(msg`Home`);
const loginRequired = () => i18n._(errors.LOGIN_REQUIRED.key);

describe("the core catalogue's two parts", () => {
  it("activates a language with the first routes' texts only, and adds the server's messages when asked", async () => {
    await activateLanguage("es");
    expect(home()).toBe("Inicio");
    // Not loaded yet: lingui shows the key itself.
    expect(loginRequired()).toBe(errors.LOGIN_REQUIRED.key);
    await serverMessagesReady();
    expect(loginRequired()).toBe("Primero inicia sesión");
  });

  it("brings the server's messages of the new language along on a switch, once they were needed", async () => {
    await serverMessagesReady();
    await activateLanguage("ko");
    expect(loginRequired()).toBe("먼저 로그인해 주세요");
    await activateLanguage("en");
    expect(loginRequired()).toBe(errors.LOGIN_REQUIRED.en);
    expect(home()).toBe("Home");
  });
});

describe("a screen's catalogue asked for while a language is being activated", () => {
  // The start-up asks for the first screen's catalogue while the stored language is still loading (main.tsx); the
  // screen must get that language's texts, not the previous (or no) language's, which the activation then drops.
  it("is loaded in the language being activated", async () => {
    const logOut = () => i18n._(msg`Log out`);
    const activation = activateLanguage("it");
    const screenTexts = screensCatalogueReady();
    await Promise.all([activation, screenTexts]);
    expect(i18n.locale).toBe("it");
    expect(logOut()).toBe("Esci");
    // Loaded once needed, it comes along with the next switch too.
    await activateLanguage("es");
    expect(logOut()).toBe("Cerrar sesión");
  });

});
