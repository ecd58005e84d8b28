/**
 * Whether a browser wallet is there, apart from the sign-in itself (wallet-signin.ts), so the login route and the
 * start-up can ask without loading the sign-in code.
 */

/** The EIP-1193 provider a wallet extension injects. */
export interface EthereumProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

declare global {
  interface Window {
    ethereum?: EthereumProvider;
  }
}

export const walletProvider = (): EthereumProvider | undefined => window.ethereum;

/** The sign-in, loaded when a wallet is actually used. */
export const loadWalletSignIn = () => import("./wallet-signin");
