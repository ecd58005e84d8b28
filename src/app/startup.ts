import { loadWalletSignIn, walletProvider } from "@/features/auth/model/wallet-provider";
import { refreshWallets } from "@/features/wallet/api/wallets";
import { refreshUserInfo } from "@/shared/api/user-info";
import { currentPath, navigate } from "@/shared/lib/navigation";
import { paths } from "@/shared/lib/paths";
import { getToken } from "@/shared/state/store";

/** Data to load once a session exists (the seed loads user info and wallets after login). */
const afterSignIn: (() => Promise<unknown>)[] = [refreshUserInfo];

export function registerAfterSignIn(load: () => Promise<unknown>): void {
  afterSignIn.push(load);
}

// The wallets load after sign-in too ("the user-info and wallet loads run after login").
registerAfterSignIn(refreshWallets);

const VISITOR_PAGES = new Set<string>([paths.login, paths.register, paths.tipWallet]);

/**
 * The start-up sequence. With a stored session, refresh the user and wallets (a wallet user who
 * is already signed in is not asked to sign again). Without one, a browser wallet signs in by address: approved,
 * it registers or signs in; refused, the tip-wallet page. Otherwise the access guard shows login.
 */
export async function startup(): Promise<void> {
  if (getToken()) {
    // A 999 answer logs out by itself; a network failure keeps the stored session for offline use.
    await Promise.allSettled(afterSignIn.map((load) => load()));
    return;
  }
  const provider = walletProvider();
  if (!provider) return;
  const outcome = await loadWalletSignIn()
    .then(({ signInWithWallet }) => signInWithWallet(provider))
    .catch(() => "failed" as const);
  if (outcome === "signed-in") {
    await Promise.allSettled(afterSignIn.slice(1).map((load) => load()));
    if (VISITOR_PAGES.has(currentPath())) navigate(paths.home, { replace: true });
  } else if (outcome === "refused") {
    navigate(paths.tipWallet, { replace: true });
  }
}
