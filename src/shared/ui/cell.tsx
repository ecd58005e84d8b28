import type { ReactNode } from "react";
import { Link } from "wouter";
import { Icon, type IconName } from "./icons";

/** A row of a menu or a settings list: icon, label, value, chevron; a link when given `href`. */
export function Cell({ icon, label, value, href, onClick, chevron = true }: {
  icon?: IconName;
  label: ReactNode;
  value?: ReactNode;
  href?: string;
  onClick?: () => void;
  chevron?: boolean;
}) {
  const content = (
    <>
      {icon && (
        <span className="cell__icon">
          <Icon name={icon} />
        </span>
      )}
      <span className="cell__label">{label}</span>
      {value !== undefined && <span className="cell__value">{value}</span>}
      {chevron && (href || onClick) && (
        <span className="cell__chevron">
          <Icon name="chevron" size={16} />
        </span>
      )}
    </>
  );
  if (href) {
    return (
      <Link href={href} className="cell">
        {content}
      </Link>
    );
  }
  if (onClick) {
    return (
      <button type="button" className="cell" onClick={onClick}>
        {content}
      </button>
    );
  }
  return <div className="cell">{content}</div>;
}
