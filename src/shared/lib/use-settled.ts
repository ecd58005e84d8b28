import { useEffect, useState } from "react";

/**
 * True once the page has loaded and the browser had a moment with nothing to do (at most `IDLE_WAIT_MS` after load):
 * work that can wait leaves the first screen's load to the first screen.
 */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let cancel = () => undefined as void;
    const idle = () => {
      if (typeof requestIdleCallback === "function") {
        const id = requestIdleCallback(() => setSettled(true), { timeout: IDLE_WAIT_MS });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => setSettled(true), IDLE_WAIT_MS);
        cancel = () => clearTimeout(id);
      }
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
    return () => {
      window.removeEventListener("load", idle);
      cancel();
    };
  }, []);
  return settled;
}

const IDLE_WAIT_MS = 2_000;
