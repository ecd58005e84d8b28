/**
 * Web Push on the device (issue 24), in Chromium: a push delivered to the service worker through the DevTools
 * protocol (`ServiceWorker.deliverPushMessage`, what the browser does when its push service hands one over) shows
 * its notification, as the server wrote it, and a tap on it opens that screen in the open app. An unreadable push
 * still shows the generic notice. (The payload's encryption and VAPID are proven on the server:
 * server/src/push/push.test.ts.)
 */
import type { CDPSession, Page, Worker } from "@playwright/test";
import { test, expect, dismissRealNameModal, loginThroughUi, registerByApi, SERVICE_WORKER_INSTALL_MS, waitForServiceWorker } from "./fixtures";

type Shown = { title: string; body: string; tag: string; data: { path?: string } | null };

const notificationsOf = (worker: Worker): Promise<Shown[]> =>
  worker.evaluate(async () =>
    (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as Shown["data"] })),
  );

/** The worker's registration id, from the DevTools protocol's ServiceWorker domain. */
async function registrationOf(cdp: CDPSession, origin: string): Promise<string> {
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event: { registrations: { registrationId: string; scopeURL: string }[] }) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.find((r) => r.scopeURL.startsWith(origin))?.registrationId).toBeTruthy();
  return registrations.find((r) => r.scopeURL.startsWith(origin))!.registrationId;
}

async function signedInWithWorker(page: Page): Promise<void> {
  const user = await registerByApi(page);
  await dismissRealNameModal(page);
  await loginThroughUi(page, user.account, user.password);
  await waitForServiceWorker(page);
}

test("a push shows its notification, and a tap on it opens the screen of that order in the open app", async ({ context, page }) => {
  test.setTimeout(120_000 + SERVICE_WORKER_INSTALL_MS);
  await context.grantPermissions(["notifications"]);
  await signedInWithWorker(page);
  const origin = new URL(page.url()).origin;
  const worker = context.serviceWorkers()[0];
  const cdp = await context.newCDPSession(page);
  const registrationId = await registrationOf(cdp, origin);

  // Each push is delivered again until it shows: on a slow machine the browser has dropped a push it was handed (right
  // after a tap, and in CI the very first), on its way to the worker. What is tested is what the worker shows; a push
  // shown twice is one notification (its tag).
  const shown = async () => (await notificationsOf(worker)).map((n) => `${n.tag} ${n.title} ${n.data?.path}`).sort();
  const deliverUntilShown = (data: string, line: string) =>
    expect(async () => {
      await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data });
      await expect.poll(shown, { timeout: 5_000 }).toContain(line);
    }).toPass({ timeout: 30_000 });

  const payload = { kind: "fill", title: "Spot buy order filled", body: "Your limit order to buy 0.01 BTC at 60000 filled.", url: "#/pages/order/trade", id: 7 };
  await deliverUntilShown(JSON.stringify(payload), "fill:7 Spot buy order filled /pages/order/trade");
  expect(await notificationsOf(worker)).toEqual([{ title: payload.title, body: payload.body, tag: "fill:7", data: { path: "/pages/order/trade" } }]);

  // The tap (a notificationclick in the worker): the open app shows the spot orders, and the notification goes.
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent("notificationclick", { notification }));
  });
  await expect(page).toHaveURL(/#\/pages\/order\/trade$/);
  await expect.poll(() => notificationsOf(worker)).toEqual([]);

  // A second push about another object is its own notification; one the app cannot read is the generic notice.
  await deliverUntilShown(JSON.stringify({ ...payload, kind: "support", title: "Customer service replied", url: "#/pages/service/index", id: 9 }), "support:9 Customer service replied /pages/service/index");
  await deliverUntilShown("not json", "notices TradeWise /pages/news/index");
  expect(await shown()).toEqual(["notices TradeWise /pages/news/index", "support:9 Customer service replied /pages/service/index"].sort());
});

test("the settings screen lists what may be pushed, off until notifications are allowed on this device", async ({ page }) => {
  test.setTimeout(60_000 + SERVICE_WORKER_INSTALL_MS);
  await signedInWithWorker(page);
  await page.goto("/#/pages/me/notification");
  const kinds = page.getByTestId("push-kinds");
  await expect(kinds.getByRole("switch")).toHaveCount(10);
  for (const name of ["Limit orders filled", "Take-profit, stop-loss and liquidation", "Margin warnings", "Customer service replies", "Price alerts"]) {
    const toggle = kinds.getByRole("switch", { name });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toBeDisabled();
  }
  // Chromium offers Web Push: no "not supported" note.
  await expect(page.getByTestId("push-unsupported")).toHaveCount(0);
});

test("a price alert added from the chart fires as a notification in the browser, naming its tick", async ({ context, page }) => {
  test.setTimeout(90_000 + SERVICE_WORKER_INSTALL_MS);
  await context.grantPermissions(["notifications"]);
  await signedInWithWorker(page);
  const worker = context.serviceWorkers()[0];
  await page.goto("/#/pages/kline/index?symbol=BTC/USDT");
  await page.getByTestId("alert-bell-BTC/USDT").click();
  const dialog = page.getByRole("dialog", { name: "Price alert: BTC/USDT" });
  const price = dialog.getByTestId("alert-price");
  await expect(price).not.toHaveValue("");
  // Above a price just under the current one: the simulated feed's next tick crosses it.
  const level = Math.floor(Number(await price.inputValue()) * 0.99);
  await price.fill(String(level));
  await dialog.getByTestId("alert-save").click();
  await expect(page.getByText("Alert added")).toBeVisible();
  // The live firing: a toast in the open app and a system notification (the push's tag, so a push of it replaces it).
  await expect(page.getByText(/^BTC\/USDT at [\d,.]+: Above /)).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await notificationsOf(worker)).map((n) => `${n.tag.replace(/\d+$/, "N")} ${n.title} ${n.data?.path}`), { timeout: 15_000 }).toContain(
    "alert:N Price alert: BTC/USDT /pages/alerts/index",
  );
  // The alerts list (from the market's bar) shows it fired, with its tick.
  await page.goto("/#/pages/market/index");
  await page.getByTestId("market-alerts").click();
  await page.getByRole("tab", { name: "Fired" }).click();
  await expect(page.getByTestId("alerts-list")).toContainText(/Fired at [\d,.]+, \d{4}-\d{2}-\d{2}/);
});
