import { COUNTRY_CODES } from "@contract/constants";

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * The countries a document may come from, named in the user's language (the browser's own region names, so no
 * list of names ships in the bundle) and sorted the way that language sorts.
 */
export function countryOptions(locale: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, "en"], { type: "region" });
  } catch {
    names = null;
  }
  const options = COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code }));
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.name, b.name));
}
