import type { ReactNode } from "react";

/** One labelled fact of a record or a summary: the label on the left, the value on the right (`.kv`). */
export function KeyValue({ label, children }: { label: ReactNode; children?: ReactNode }) {
  return (
    <div className="kv">
      <span>{label}</span>
      {children}
    </div>
  );
}
