/** The TradeWise mark: two rising strokes in a rounded square. */
export function Logo({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="var(--brand)" />
      <path d="M14 42l12-12 8 8 16-16" fill="none" stroke="var(--brand-text)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M40 22h10v10" fill="none" stroke="var(--brand-text)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
