import { fundingConfig, type FundingConfig } from "../../contract/funding";
import { audit } from "../platform/audit";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import { getSetting, putSetting } from "../platform/settings";
import { isValidAddress } from "./funding.engine";

export const FUNDING_CONFIG_KEY = "funding.config";

/**
 * Defaults: USDT only, TRC20 and ERC20, withdrawal minimum 30 and fee 3 (the published rules). The receiving addresses
 * are the operator's to set (back office, Configuration): until one is set, its network takes no deposits. An
 * invented default address could send real money nowhere.
 */
export const DEFAULT_FUNDING_CONFIG: FundingConfig = {
  deposit: {
    currency: "USDT",
    min: "10",
    max: "1000000",
    networks: [
      { network: "TRC20", address: "", enabled: true },
      { network: "ERC20", address: "", enabled: true },
    ],
  },
  withdraw: { currency: "USDT", min: "30", fee: "3", networks: ["TRC20", "ERC20"] },
};

export async function loadFundingConfig(db: Executor): Promise<FundingConfig> {
  const stored = await getSetting<unknown>(db, FUNDING_CONFIG_KEY);
  if (stored === null) return DEFAULT_FUNDING_CONFIG;
  return fundingConfig.parse(stored);
}

/** Networks open for deposits: enabled and with a receiving address. */
export function openDepositNetworks(config: FundingConfig) {
  return config.deposit.networks.filter((n) => n.enabled && n.address !== "");
}

/** An admin changes the configuration; the audit log keeps the old and the new value. */
export async function saveFundingConfig(db: Db, config: FundingConfig, operatorId: number): Promise<FundingConfig> {
  for (const [i, n] of config.deposit.networks.entries()) {
    if (n.address && !isValidAddress(n.network, n.address)) {
      throw new DomainError("ADDRESS_INVALID", `config.deposit.networks.${i}.address`);
    }
  }
  return db.transaction(async (tx) => {
    const before = await loadFundingConfig(tx);
    await putSetting(tx, FUNDING_CONFIG_KEY, config);
    await audit(tx, { actorKind: "operator", actorId: operatorId, action: "funding.config.save", targetKind: "setting", targetId: FUNDING_CONFIG_KEY, detail: { before, after: config } });
    return config;
  });
}
