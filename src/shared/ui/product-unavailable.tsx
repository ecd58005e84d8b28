import type { ReactNode } from "react";
import { Icon } from "./icons";
import "./product-unavailable.css";

/** In place of a product's screen when the user's KYC country has it switched off: what and why, never a dead form. */
export function ProductUnavailable({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <div className="product-off card" role="note" data-testid={testId}>
      <Icon name="info" />
      <h2>{title}</h2>
      <p>{children}</p>
    </div>
  );
}
