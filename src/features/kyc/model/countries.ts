import { COUNTRY_CODES } from "@contract/countries";
import { regionName } from "@/shared/i18n/format";

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * The countries a document may come from, named in the user's language (the browser's own region names, so no
 * list of names ships in the bundle) and sorted the way that language sorts.
 */
export function countryOptions(locale: string): CountryOption[] {
  const options = COUNTRY_CODES.map((code) => ({ code, name: regionName(code, locale) }));
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.name, b.name));
}
