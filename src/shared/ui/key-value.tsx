import type { ReactNode } from "react";

/**
 * One labelled fact of a record or a summary: the label on the left, the value on the right (`.kv`). The value has
 * its own element even when it is plain text, so a long value wraps on its side and the label keeps its words.
 */
export function KeyValue({ label, children }: { label: ReactNode; children?: ReactNode }) {
  return (
    <div className="kv">
      <span>{label}</span>
      <span>{children}</span>
    </div>
  );
}
