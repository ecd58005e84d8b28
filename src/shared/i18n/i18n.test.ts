import { describe, expect, it } from "vitest";
import { msg } from "@lingui/core/macro";
import { errors } from "@contract/messages";
import { activateLanguage, i18n, serverMessagesReady } from "./i18n";

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
