/**
 * A readable device and browser from a User-Agent header, for the security centre's lists. A rough reading on
 * purpose (no UA database). Order matters: an iPhone also says "Mac OS X", Edge and Opera also say "Chrome", and
 * Chrome also says "Safari".
 */
const DEVICES: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const firstMatch = (table: ReadonlyArray<[RegExp, string]>, ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? "";

export function describeUserAgent(userAgent: string): { device: string; browser: string } {
  return { device: firstMatch(DEVICES, userAgent), browser: firstMatch(BROWSERS, userAgent) };
}

/** "Chrome / Android", "Safari", "iPhone" or the raw agent cut short: how a notice names the device. */
export function deviceLabel(userAgent: string): string {
  const { device, browser } = describeUserAgent(userAgent);
  if (device && browser) return `${browser} / ${device}`;
  return device || browser || userAgent.slice(0, 60) || "?";
}
