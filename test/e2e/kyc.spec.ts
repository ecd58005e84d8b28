/**
 * KYC at 390x844 (issue 3): a new user meets the real-name modal and goes to KYC; a PDF renamed to .png and the
 * same photo twice are refused with their translated messages and change nothing; the user submits three photos
 * and sees "under review". The operator signs in to the back office in the browser (password + TOTP), looks at
 * the photos and rejects with a reason: the user sees the reason, the real-name modal comes back, and the user
 * submits again. The operator approves: the screen says verified and the modal no longer appears.
 */
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page } from "@playwright/test";
import { totpCode } from "../../server/src/platform/totp";
import { freshPng, PDF_BYTES } from "../../server/src/testing/images";
import { operatorFor } from "../../playwright.config";

const E2E_OPERATOR = operatorFor("kyc");
import { test, expect, registerThroughUi } from "./fixtures";

/** Signs the bootstrap operator in through the back office's login screen. A TOTP code is single-use per 30 s step
 *  (other tests may sign the same operator in): on a clash, wait for the next step and try again. */
async function operatorSignIn(office: Page): Promise<void> {
  await office.goto("/backoffice.html#/login");
  for (let attempt = 0; attempt < 3; attempt++) {
    await office.getByLabel("Operator name").fill(E2E_OPERATOR.name);
    await office.getByLabel("Password", { exact: true }).fill(E2E_OPERATOR.password);
    await office.getByLabel("Authenticator code").fill(await totpCode(E2E_OPERATOR.secret, new Date()));
    await office.getByRole("button", { name: "Sign in" }).click();
    const signedIn = office.getByRole("navigation").getByRole("link", { name: "Identity verification" });
    const clash = office.getByRole("status").getByText("Google authenticator code is wrong");
    await expect(signedIn.or(clash)).toBeVisible();
    if (await signedIn.isVisible()) return;
    await office.waitForTimeout(30_000 - (Date.now() % 30_000) + 300);
  }
  throw new Error("operator sign-in failed");
}

const reviewStatus = async (request: APIRequestContext, token: string): Promise<number> =>
  (await (await request.get("/api/user/getrealinfo", { headers: { authorization: token } })).json()).message.review_status;

const photo = (buffer: Buffer, name = "photo.png") => ({ name, mimeType: "image/png", buffer });

test("KYC: refusals change nothing, the operator rejects then approves in the back office, the modal follows", async ({ page, request }) => {
  test.setTimeout(180_000);
  const { account, password } = await registerThroughUi(page);
  const login = await (await request.post("/api/user/login", { form: { account, password } })).json();
  const token = login.message.token as string;

  // The real-name modal takes a new user to KYC.
  const modal = page.getByRole("dialog", { name: "Real-name verification" });
  await expect(modal).toContainText("Please complete real-name verification first.");
  await modal.getByRole("button", { name: "Verify now" }).click();
  await expect(page).toHaveURL(/#\/pages\/me\/kyc/);

  const number = `X${randomBytes(4).toString("hex").toUpperCase()}`;
  await page.getByLabel("Country or region of the document").selectOption("ES");
  await page.getByLabel("First name").fill("Ana");
  await page.getByLabel("Last name").fill("López");
  await page.getByLabel("Document type").selectOption("passport");
  await page.getByLabel("Document number").fill(number);
  const [front, back, hand] = [freshPng(), freshPng(), freshPng()];
  const submit = page.getByRole("button", { name: "Submit for review" });

  // A PDF renamed to .png: refused by its bytes, under the picker and in a toast; nothing recorded.
  await page.getByLabel("Photo page").setInputFiles(photo(PDF_BYTES, "passport.png"));
  await page.getByLabel("Facing page").setInputFiles(photo(back));
  await page.getByLabel("Selfie holding the document").setInputFiles(photo(hand));
  await submit.click();
  await expect(page.getByRole("status").getByText("Wrong file type")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong file type" })).toBeVisible();
  expect(await reviewStatus(request, token)).toBe(0);

  // The same photo twice: "file exists"; nothing recorded.
  await page.getByLabel("Photo page").setInputFiles(photo(back, "front.png"));
  await submit.click();
  await expect(page.getByRole("status").getByText("File exists")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "File exists" })).toBeVisible();
  expect(await reviewStatus(request, token)).toBe(0);

  // Three good photos: under review.
  await page.getByLabel("Photo page").setInputFiles(photo(front, "front.png"));
  await submit.click();
  await expect(page.getByRole("status").getByText("Submitted, awaiting review")).toBeVisible();
  const state = page.getByTestId("kyc-state");
  await expect(state).toContainText("Under review");
  await expect(state).toContainText("generally reviewed within 24 hours");
  await expect(page.locator(".kv").filter({ hasText: "Submitted" })).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(page.locator(".kv").filter({ hasText: "Document" })).toContainText("Passport");
  expect(await reviewStatus(request, token)).toBe(1);

  // The operator signs in to the back office in the browser, looks at the photos and rejects with a reason.
  const office = await page.context().newPage();
  await operatorSignIn(office);
  await office.goto("/backoffice.html#/kyc");
  const card = office.getByRole("article", { name: account });
  await expect(card).toContainText("Ana López");
  await expect(card).toContainText(number);
  await card.getByRole("button", { name: "Photos" }).click();
  const photos = office.getByRole("dialog", { name: "Verification photos" });
  for (const name of ["Front side", "Back side", "Selfie holding the document"]) await expect(photos.getByRole("img", { name })).toBeVisible();
  await photos.getByRole("button", { name: "Close" }).click();
  await card.getByRole("button", { name: "Reject" }).click();
  const reason = "The selfie is blurry: your face and the passport must both be readable.";
  await office.getByRole("dialog").getByLabel("Reason (the user sees it)").fill(reason);
  await office.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(card).toHaveCount(0);

  // The user sees the reason, and the real-name modal asks again.
  await page.reload();
  await expect(state).toContainText("Verification rejected");
  await expect(page.getByTestId("kyc-reason")).toContainText(reason);
  await page.goto("/#/pages/index/index");
  await expect(modal).toContainText("Your verification was rejected.");
  await modal.getByRole("button", { name: "Verify now" }).click();
  await page.getByRole("button", { name: "Submit again" }).click();
  // The names come back; the number (never shown in full) and the photos are given again.
  await expect(page.getByLabel("First name")).toHaveValue("Ana");
  await page.getByLabel("Document number").fill(number);
  await page.getByLabel("Photo page").setInputFiles(photo(front, "front.png"));
  await page.getByLabel("Facing page").setInputFiles(photo(back, "back.png"));
  await page.getByLabel("Selfie holding the document").setInputFiles(photo(freshPng(), "selfie.png"));
  await submit.click();
  await expect(state).toContainText("Under review");

  // The operator approves.
  await office.reload();
  await card.getByRole("button", { name: "Approve" }).click();
  await office.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(card).toHaveCount(0);
  await office.close();

  // Verified: the screen says so, the modal no longer appears, the account page shows the badge.
  await page.reload();
  await expect(state).toContainText("Identity verified");
  expect(await reviewStatus(request, token)).toBe(2);
  await page.goto("/#/pages/index/index");
  await page.reload();
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(modal).toHaveCount(0);
  await page.goto("/#/pages/me/index");
  await expect(page.getByRole("link", { name: /KYC verification/ })).toContainText("Verified");
});
