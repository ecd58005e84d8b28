/*
 * The frame of every icon (a 24-unit stroke drawing) and the five paths the first paint draws, the tab bar's. They sit
 * apart from the set in `icons.tsx` (which spreads them into it) so that the entry carries five paths, not sixty.
 */

export const TAB_ICON_PATHS = {
  home: "M4 11l8-7 8 7v8a1 1 0 01-1 1h-4v-6H9v6H5a1 1 0 01-1-1z",
  chart: "M4 19h16M7 16V9M12 16V5M17 16v-4",
  headset: "M4 14v-2a8 8 0 0116 0v2M4 14a2 2 0 002 2h1v-5H6a2 2 0 00-2 2zM20 14a2 2 0 01-2 2h-1v-5h1a2 2 0 012 2zM17 16v1a3 3 0 01-3 3h-2",
  list: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 20a8 8 0 0116 0",
} as const;

export type TabIconName = keyof typeof TAB_ICON_PATHS;

export interface PathIconProps {
  /** The SVG path on the 24-unit grid. */
  d: string;
  size?: number;
  className?: string;
  /** Announced to assistive technology; without it the icon is decoration. */
  label?: string;
}

export function PathIcon({ d, size = 22, className = "icon", label }: PathIconProps) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={d} />
    </svg>
  );
}
