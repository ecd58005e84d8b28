/** The count on a bell or a row: hidden at 0, "99+" beyond. */
export function CountBadge({ count, label }: { count: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-label={label}>
      {count > 99 ? "99+" : count}
    </span>
  );
}
