import { loadWalletSignIn, walletProvider } from "@/features/auth/model/wallet-provider";
import { listWallets, walletsKey } from "@/features/wallet/api/wallets";
import { prime } from "@/shared/api/primed";
import { refreshUserInfo, userInfoKey } from "@/shared/api/user-info";
import { currentPath, navigate } from "@/shared/lib/navigation";
import { paths } from "@/shared/lib/paths";
import { getToken } from "@/shared/state/store";
import { loadHomeFirstData } from "./home/first-data";

const VISITOR_PAGES = new Set<string>([paths.login, paths.register, paths.tipWallet]);
const HOME_PAGES = new Set<string>([paths.root, paths.home]);

/**
 * What a session loads first. On the home, its first data in one request (user, wallets, unread count, notice,
 * quotes); elsewhere the user and the wallets (the seed loads both after login). Each answer is primed under its SWR
 * key, so the screen's hooks take it instead of asking the server a second time.
 */
function loadSessionData(): Promise<unknown> {
  if (HOME_PAGES.has(currentPath())) return loadHomeFirstData();
  const user = refreshUserInfo();
  const wallets = listWallets({}, { silent: true, loading: false });
  prime(userInfoKey, user);
  prime(walletsKey, wallets);
  return Promise.allSettled([user, wallets]);
}

/**
 * The start-up sequence. With a stored session, load the session's first data (a wallet user who is already signed
 * in is not asked to sign again). Without one, a browser wallet signs in by address: approved, it registers or signs
 * in and lands on the home; refused, the tip-wallet page. Otherwise the access guard shows login.
 */
export async function startup(): Promise<void> {
  if (getToken()) {
    // A 999 answer logs out by itself; a network failure keeps the stored session for offline use.
    await loadSessionData().catch(() => undefined);
    return;
  }
  const provider = walletProvider();
  if (!provider) return;
  const outcome = await loadWalletSignIn()
    .then(({ signInWithWallet }) => signInWithWallet(provider))
    .catch(() => "failed" as const);
  if (outcome === "signed-in") {
    if (VISITOR_PAGES.has(currentPath())) navigate(paths.home, { replace: true });
    await loadSessionData().catch(() => undefined);
  } else if (outcome === "refused") {
    navigate(paths.tipWallet, { replace: true });
  }
}
