import { useEffect, useState } from "react";
import { Trans } from "@lingui/react/macro";

/** Seconds left until `untilS` (unix seconds), ticking every second while above zero. */
export function useSecondsLeft(untilS: number): number {
  const left = () => Math.max(0, untilS - Math.floor(Date.now() / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (left() === 0) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // `left` reads only `untilS`.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- it changes with untilS alone
  }, [untilS]);
  return seconds;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A new address's wait before it can receive a withdrawal (the server's `usable_at`): "Usable in 23:59:08", counting
 * down; nothing once it is usable.
 */
export function AddressWait({ usableAt }: { usableAt: number }) {
  const left = useSecondsLeft(usableAt);
  if (left === 0) return null;
  const clock = `${Math.floor(left / 3600)}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return (
    <span className="badge" data-testid="address-wait" aria-live="off">
      <Trans>Usable in {clock}</Trans>
    </span>
  );
}
