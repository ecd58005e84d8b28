/** Telephone area codes (ITU E.164 country codes) offered by `getareacode`; the client names countries per locale. */
export const AREA_CODES: { code: string; country: string; name: string }[] = [
  ["+1", "US", "United States"], ["+1", "CA", "Canada"], ["+44", "GB", "United Kingdom"], ["+33", "FR", "France"],
  ["+49", "DE", "Germany"], ["+39", "IT", "Italy"], ["+34", "ES", "Spain"], ["+351", "PT", "Portugal"],
  ["+31", "NL", "Netherlands"], ["+41", "CH", "Switzerland"], ["+43", "AT", "Austria"], ["+32", "BE", "Belgium"],
  ["+46", "SE", "Sweden"], ["+47", "NO", "Norway"], ["+45", "DK", "Denmark"], ["+48", "PL", "Poland"],
  ["+90", "TR", "Turkey"], ["+7", "RU", "Russia"], ["+380", "UA", "Ukraine"], ["+30", "GR", "Greece"],
  ["+86", "CN", "China"], ["+852", "HK", "Hong Kong"], ["+853", "MO", "Macao"], ["+886", "TW", "Taiwan"],
  ["+81", "JP", "Japan"], ["+82", "KR", "South Korea"], ["+84", "VN", "Vietnam"], ["+62", "ID", "Indonesia"],
  ["+60", "MY", "Malaysia"], ["+65", "SG", "Singapore"], ["+66", "TH", "Thailand"], ["+63", "PH", "Philippines"],
  ["+91", "IN", "India"], ["+92", "PK", "Pakistan"], ["+880", "BD", "Bangladesh"], ["+971", "AE", "United Arab Emirates"],
  ["+966", "SA", "Saudi Arabia"], ["+972", "IL", "Israel"], ["+20", "EG", "Egypt"], ["+27", "ZA", "South Africa"],
  ["+234", "NG", "Nigeria"], ["+254", "KE", "Kenya"], ["+55", "BR", "Brazil"], ["+52", "MX", "Mexico"],
  ["+54", "AR", "Argentina"], ["+56", "CL", "Chile"], ["+57", "CO", "Colombia"], ["+51", "PE", "Peru"],
  ["+61", "AU", "Australia"], ["+64", "NZ", "New Zealand"],
].map(([code, country, name]) => ({ code, country, name }));
