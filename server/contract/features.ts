import { z } from "zod";
import { call } from "./define";

/**
 * Products an operator can switch off for the users of chosen countries (their KYC country): regulators forbid
 * timed options to EU retail clients, cap leverage, restrict earn and credit products. A switched-off product
 * shows a translated explanation instead of its ticket; the server refuses it with FEATURE_DISABLED.
 */
export const countryFeatures = ["options", "leverage", "earn", "loans"] as const;
export const countryFeature = z.enum(countryFeatures);
export type CountryFeature = z.infer<typeof countryFeature>;

/** ISO 3166-1 alpha-2 codes, upper case. */
const countries = z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/)).max(300);

export const featureSwitches = z.object({ options: countries, leverage: countries, earn: countries, loans: countries });
export type FeatureSwitches = z.infer<typeof featureSwitches>;

export const myFeatures = call({
  method: "GET",
  path: "user/features",
  access: "user",
  summary: "Which products are available to me (false where my KYC country has them switched off)",
  tags: ["features"],
  input: z.object({}),
  output: z.object({ options: z.boolean(), leverage: z.boolean(), earn: z.boolean(), loans: z.boolean(), country: z.string().nullable() }),
});

export const backofficeSwitches = call({
  method: "GET",
  path: "backoffice/features",
  access: "operator",
  summary: "The countries where each product is switched off",
  tags: ["backoffice", "features"],
  input: z.object({}),
  output: featureSwitches,
});

export const backofficeSwitchesSave = call({
  method: "POST",
  path: "backoffice/features/save",
  access: "operator",
  summary: "Switch products off (or back on) per country (admin; audited)",
  tags: ["backoffice", "features"],
  input: featureSwitches,
  output: featureSwitches,
});
