import type { ReactNode } from "react";
import "./fact-grid.css";

/** A record's facts in two columns, each a small label above its value (an order, a loan). */
export function FactGrid({ children }: { children: ReactNode }) {
  return <dl className="fact-grid">{children}</dl>;
}

/** One fact of a `FactGrid`; `wide` for a long value (an order number) that takes the whole row. */
export function Fact({ label, children, wide = false }: { label: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "fact-grid__wide" : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
