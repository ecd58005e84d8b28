import { Component, Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { firstRoute, lazyPage } from "./lazy-page";
import { preloadRoute, routeByPath } from "./routes";
import { paths } from "@/shared/lib/paths";
import { I18nProvider } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { activateLanguage, i18n } from "@/shared/i18n/i18n";

afterEach(() => vi.restoreAllMocks());

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe("lazy screens and the start-up's preload", () => {
  it("loads a screen once: React takes the load the start-up began", async () => {
    const load = vi.fn(async () => ({ Screen: () => <p>screen</p> }));
    const Screen = firstRoute(load, "Screen");
    Screen.preload();
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText("screen")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hands a failed preload to React (the error boundary's retry), with no unhandled rejection of its own", async () => {
    const load = vi.fn(() => Promise.reject<{ Screen: () => null }>(new Error("offline")));
    const Screen = firstRoute(load, "Screen");
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      Screen.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
      render(
        <Boundary>
          <Suspense fallback={<p>loading</p>}>
            <Screen />
          </Suspense>
        </Boundary>,
      );
      expect(await screen.findByText("failed: offline")).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("preloads the route of the path when signed in, and login for a visitor on a page that needs a session", () => {
    const kline = vi.spyOn(routeByPath.get(paths.kline)!.component, "preload").mockImplementation(() => undefined);
    const login = vi.spyOn(routeByPath.get(paths.login)!.component, "preload").mockImplementation(() => undefined);
    const home = vi.spyOn(routeByPath.get(paths.home)!.component, "preload").mockImplementation(() => undefined);
    preloadRoute(paths.kline, true);
    expect(kline).toHaveBeenCalledTimes(1);
    preloadRoute(paths.kline, false);
    expect(kline).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledTimes(1);
    // A public page loads as it is; an unknown path is the home's (the shell redirects there).
    preloadRoute(paths.login, false);
    expect(login).toHaveBeenCalledTimes(2);
    preloadRoute("/no/such/page", true);
    expect(home).toHaveBeenCalledTimes(1);
  });
});

describe("a screen the start-up preloads while the stored language is being activated", () => {
  it("shows that language's texts, with their values filled in", async () => {
    function Account() {
      const __APP_VERSION__ = "1.2.3";
      return (
        <p>
          <Trans>Log out</Trans> · <Trans>Services</Trans> · <Trans>Version {__APP_VERSION__}</Trans>
        </p>
      );
    }
    const Screen = lazyPage(async () => ({ Account }), "Account");
    // main.tsx's order: the activation starts, then the preload, before either has settled.
    const activation = activateLanguage("es");
    Screen.preload();
    await activation;
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Screen />
        </Suspense>
      </I18nProvider>,
    );
    expect((await screen.findByText(/Cerrar sesión/)).textContent).toBe("Cerrar sesión · Servicios · Versión 1.2.3");
    await activateLanguage("en");
  });
});
