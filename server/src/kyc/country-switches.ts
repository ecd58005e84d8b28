import { and, desc, eq } from "drizzle-orm";
import type { CountryFeature, FeatureSwitches } from "../../contract/features";
import { featureSwitches } from "../../contract/features";
import { audit } from "../platform/audit";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { OperatorSession } from "../platform/http";
import { getSetting, putSetting, settingReader } from "../platform/settings";
import { kycSubmissions } from "./kyc.schema";

export const FEATURE_SWITCHES_KEY = "features.country_off";
export const NO_SWITCHES: FeatureSwitches = { options: [], leverage: [], earn: [], loans: [] };

/** The switches as every order reads them: at most a few seconds old (a save through this process shows at once). */
const cachedSwitches = settingReader(FEATURE_SWITCHES_KEY, (stored) => {
  const parsed = featureSwitches.safeParse(stored);
  return parsed.success ? parsed.data : NO_SWITCHES;
});

/**
 * Products switched off per country, judged by the user's verified (KYC passed) country. A user without a passed
 * verification has no country yet: nothing is switched off for them by country (the products that need KYC ask
 * for it themselves).
 */
export class CountrySwitches {
  constructor(private readonly db: Db) {}

  async switches(db: Executor = this.db): Promise<FeatureSwitches> {
    const parsed = featureSwitches.safeParse(await getSetting(db, FEATURE_SWITCHES_KEY));
    return parsed.success ? parsed.data : NO_SWITCHES;
  }

  /** The country of the user's passed verification, or null. */
  async countryOf(userId: number, db: Executor = this.db): Promise<string | null> {
    const [row] = await db
      .select({ country: kycSubmissions.country })
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, "passed")))
      .orderBy(desc(kycSubmissions.id))
      .limit(1);
    return row?.country.toUpperCase() ?? null;
  }

  async available(userId: number, db: Executor = this.db) {
    const [switches, country] = await Promise.all([this.switches(db), this.countryOf(userId, db)]);
    const on = (feature: CountryFeature) => !country || !switches[feature].includes(country);
    return { options: on("options"), leverage: on("leverage"), earn: on("earn"), loans: on("loans"), country };
  }

  /** Refuses with FEATURE_DISABLED when the product is switched off for the user's country. */
  async require(userId: number, feature: CountryFeature, db: Executor = this.db): Promise<void> {
    // Every placement asks: with the product switched off nowhere (the usual case), the user's country is not read.
    const off = (await cachedSwitches.cached(db))[feature];
    if (!off.length) return;
    const country = await this.countryOf(userId, db);
    if (country && off.includes(country)) throw new DomainError("FEATURE_DISABLED");
  }

  async save(operator: OperatorSession, switches: FeatureSwitches): Promise<FeatureSwitches> {
    if (operator.role !== "admin") throw new DomainError("UNAUTHORIZED_OPERATION");
    const clean = Object.fromEntries(Object.entries(switches).map(([k, v]) => [k, [...new Set(v)].sort()])) as FeatureSwitches;
    await this.db.transaction(async (tx) => {
      await putSetting(tx, FEATURE_SWITCHES_KEY, clean);
      await audit(tx, { actorKind: "operator", actorId: operator.id, action: "features.country_off", targetKind: "settings", detail: clean });
    });
    return clean;
  }
}
