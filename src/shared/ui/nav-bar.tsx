import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { Icon } from "./icons";

export type NavVariant = "default" | "custom";

/**
 * The navigation bar. `default` is the plain bar the seed gives forms and records (title, back); `custom` is the
 * page-drawn bar of the other screens (blends into the page, may carry actions).
 */
export function NavBar({ title, variant = "custom", back = true, left, right }: {
  title?: ReactNode;
  variant?: NavVariant;
  back?: boolean;
  left?: ReactNode;
  right?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <header className={`nav nav--${variant}`}>
      <div className="nav__side">
        {left ??
          (back && (
            <button type="button" className="icon-btn" aria-label={t`Back`} onClick={goBack}>
              <Icon name="back" />
            </button>
          ))}
      </div>
      <h1 className="nav__title">{title}</h1>
      <div className="nav__side nav__side--right">{right}</div>
    </header>
  );
}

/** Back within the app, or home when the page was opened directly. */
function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.hash = "#/";
}
