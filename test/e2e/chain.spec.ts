/**
 * On-chain deposits as a new user meets them (issue 39): a real local EVM node (ganache from npm) with a 6-decimal
 * USDT deployed by the spec, watched by the shared server once the operator names the network and the extended public
 * key in the back office. The user finds the deposit screen by taps from the home, copies the own address, a transfer
 * is sent to it, the confirmations count up on the screen as blocks are mined, and the balance arrives with no
 * operator. A transfer of another contract with the same symbol is never listed.
 */
import { HDKey } from "@scure/bip32";
import { startLocalChain, type LocalChain } from "../../server/src/testing/chain";
import { operatorFor } from "../../playwright.config";
import { test, expect, api, dismissRealNameModal, operatorToken, passKyc, registerThroughUi } from "./fixtures";

const OPERATOR = operatorFor("chain");
const CONFIRMATIONS = 3;
// The receiving addresses the other specs set too: the funding configuration is one for the whole server.
const TRC20_RECEIVING = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const ERC20_RECEIVING = "0x000000000000000000000000000000000000dEaD";

let chain: LocalChain;
test.beforeAll(async () => {
  chain = await startLocalChain();
});
test.afterAll(async () => {
  await chain?.close();
});

test("a new user copies the own address, sends USDT, watches the confirmations and sees the balance arrive", async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const operator = await operatorToken(request, OPERATOR);
  const token = await chain.deployToken();
  const impostor = await chain.deployToken("USDT", "Tether USD");
  const account = HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).derive("m/44'/60'/0'");
  await api(request, "POST", "backoffice/funding/config", operator, {
    config: {
      deposit: { currency: "USDT", min: "10", max: "1000000", networks: [{ network: "TRC20", address: TRC20_RECEIVING, enabled: true }, { network: "ERC20", address: ERC20_RECEIVING, enabled: true }] },
      withdraw: { currency: "USDT", min: "30", fee: "3", networks: ["TRC20", "ERC20"] },
    },
  });
  await api(request, "POST", "backoffice/funding/chain", operator, {
    config: { xpub: account.publicExtendedKey, networks: [{ network: "ERC20", rpc_url: chain.url, token_contract: token, confirmations: CONFIRMATIONS }] },
  });

  const { account: name, password } = await registerThroughUi(page);
  await dismissRealNameModal(page);
  const login = await (await request.post("/api/user/login", { form: { account: name, password } })).json();
  await passKyc(request, login.message.token as string, operator);

  // From the home: the Deposit shortcut, the watched network's tab, the user's own address.
  await page.getByRole("navigation", { name: "Shortcuts" }).getByRole("link", { name: "Deposit", exact: true }).click();
  await page.getByRole("tab", { name: "ERC20" }).click();
  const addressBox = page.getByTestId("deposit-address");
  await expect(addressBox).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId("token-contract")).toHaveText(new RegExp(`^${token}$`, "i"));
  await expect(page.getByText("Confirmations needed")).toBeVisible();
  await expect(page.getByLabel("Amount sent")).toHaveCount(0);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy address" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const address = (await addressBox.textContent())!;
  expect(copied).toBe(address);

  // The same symbol from another contract is nobody's deposit; the real token's transfer is seen at once.
  await chain.transfer(impostor, copied, "500");
  await chain.transfer(token, copied, "25.5");
  const transfer = page.getByTestId("chain-transfer");
  await expect(transfer).toHaveCount(1, { timeout: 20_000 });
  await expect(transfer.getByTestId("chain-confirmations")).toHaveText(`1 / ${CONFIRMATIONS}`, { timeout: 20_000 });
  await chain.mine(1);
  await expect(transfer.getByTestId("chain-confirmations")).toHaveText(`2 / ${CONFIRMATIONS}`, { timeout: 20_000 });
  await chain.mine(1);
  await expect(transfer).toContainText("Succeeded", { timeout: 20_000 });
  await expect(transfer).toContainText("25.5");
  await expect(transfer).toHaveCount(1);
  await page.screenshot({ path: "test-results/chain-deposit.png", fullPage: true });

  // The balance arrived by itself: the home's total shows it.
  await page.getByRole("button", { name: "Back" }).first().click();
  await expect(page.getByTestId("total-assets")).toContainText("25.5", { timeout: 20_000 });
});
