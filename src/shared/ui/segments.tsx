import type { CSSProperties, ReactNode } from "react";

/** One button of a segmented control. `attrs` carries the odd data attribute a screen styles or tests by. */
export interface Segment<T extends string> {
  value: T;
  label: ReactNode;
  className?: string;
  title?: string;
  attrs?: Record<`data-${string}`, string | boolean | undefined>;
}

/**
 * A row of buttons of which one is chosen. `tabs` when the choice switches what the screen shows below (a tablist
 * of tabs, `aria-selected`), `radio` when it is a value of a form (a radiogroup of radios, `aria-checked`): the
 * roles screen readers and the tests find the buttons by.
 */
export function Segments<T extends string>({ as, label, segments, value, onChange, className, style }: {
  as: "tabs" | "radio";
  label?: string;
  segments: readonly Segment<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  style?: CSSProperties;
}) {
  const tabs = as === "tabs";
  return (
    <div className={className ? `segments ${className}` : "segments"} role={tabs ? "tablist" : "radiogroup"} aria-label={label} style={style}>
      {segments.map((segment) => (
        <button
          key={segment.value}
          type="button"
          role={tabs ? "tab" : "radio"}
          className={segment.className ? `segments__item ${segment.className}` : "segments__item"}
          aria-selected={tabs ? segment.value === value : undefined}
          aria-checked={tabs ? undefined : segment.value === value}
          title={segment.title}
          onClick={() => onChange(segment.value)}
          {...segment.attrs}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}
