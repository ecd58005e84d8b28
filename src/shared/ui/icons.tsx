import { PathIcon, TAB_ICON_PATHS, type PathIconProps } from "./path-icon";

/** A small stroke icon set (24-unit grid), drawn here so no icon font or library ships to phones. */
const PATHS = {
  ...TAB_ICON_PATHS,
  back: "M15 5l-7 7 7 7",
  chevron: "M9 5l7 7-7 7",
  close: "M6 6l12 12M18 6L6 18",
  globe: "M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z",
  bell: "M6 16V11a6 6 0 1112 0v5l2 2H4zM10 20a2 2 0 004 0",
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z",
  eyeOff: "M3 3l18 18M10.6 6.1A10 10 0 0112 6c6.4 0 10 6 10 6a17 17 0 01-3.2 3.9M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.8 9.8 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z M9 12l2 2 4-4",
  key: "M15 7a4 4 0 11-3.9 5H4v3h3v-2h2v2h2.1A4 4 0 0115 7zM15.5 10.5h.01",
  lock: "M6 11h12v9H6zM8 11V8a4 4 0 018 0v3",
  mail: "M4 6h16v12H4zM4 7l8 6 8-6",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  wallet: "M4 7h15a1 1 0 011 1v10a1 1 0 01-1 1H5a1 1 0 01-1-1zM4 7l11-3v3M16 13h.01",
  deposit: "M12 4v11M7 10l5 5 5-5M5 20h14",
  withdraw: "M12 20V9M7 14l5-5 5 5M5 4h14",
  swap: "M7 4L3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7",
  gift: "M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-1-3-5-4-5-1.5S12 7 12 7zm0 0c1-3 5-4 5-1.5S12 7 12 7z",
  users: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20a6.5 6.5 0 0113 0M16 4.5a3.5 3.5 0 010 6.5M18 14a6.5 6.5 0 013.5 6",
  file: "M6 3h8l5 5v13H6zM14 3v5h5M9 13h6M9 17h6",
  help: "M12 21a9 9 0 100-18 9 9 0 000 18zM9.5 9.5a2.5 2.5 0 114 2c-.9.6-1.5 1.1-1.5 2.5M12 17h.01",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10",
  robot: "M5 9h14v10H5zM12 5v4M9 14h.01M15 14h.01M2 13v3M22 13v3M12 5a1 1 0 100-2 1 1 0 000 2z",
  bank: "M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18",
  copy: "M9 9h11v11H9zM5 15H4V4h11v1",
  check: "M5 12l5 5 9-10",
  checkAll: "M2 13l4.5 4.5L16 8M11 16.5l1 1L21.5 8",
  search: "M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4",
  info: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v6M12 7h.01",
  sun: "M12 16a4 4 0 100-8 4 4 0 000 8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  moon: "M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z",
  news: "M4 5h13v14H6a2 2 0 01-2-2zM17 9h3v8a2 2 0 01-2 2M8 9h5M8 13h5M8 16h3",
  settings: "M12 15a3 3 0 100-6 3 3 0 000 6zM19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 01-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 010-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 014 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 010 4h-.1a1.7 1.7 0 00-1.5 1z",
  plus: "M12 5v14M5 12h14",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13",
  star: "M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z",
  record: "M8 4h8v3H8zM6 5H5v16h14V5h-1M9 12h6M9 16h4",
  trade: "M4 17l5-5 4 4 7-8M15 8h5v5",
  clock: "M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2",
  candles: "M7 4v3M7 17v3M17 4v5M17 15v5M5 7h4v10H5zM15 9h4v6h-4z",
  gold: "M3 19l2.5-6h13l2.5 6zM7 13l2.5-6h5L17 13",
  phone: "M7 3h10v18H7zM11 18h2",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, ...props }: { name: IconName } & Omit<PathIconProps, "d">) {
  return <PathIcon d={PATHS[name]} {...props} />;
}
