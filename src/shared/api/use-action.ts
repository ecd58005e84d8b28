import { useCallback, useRef, useState, type FormEvent } from "react";
import { i18n } from "../i18n/i18n";
import { ApiError } from "./errors";
import { toastNeedsConnection } from "./client";
import { deviceOnline } from "./online";

/**
 * Runs a mutation from a screen: tracks `pending` (buttons disable, no double submit) and keeps the refused
 * fields' message keys for the form to show under each input (`errorOf`, translated at render time so a language
 * switch applies). The toast was already shown by the client. `onSubmit` is the form's handler.
 *
 * With the device offline, an action is refused before it starts, with a toast that says it needs a connection
 * (orders, withdrawals, uploads: nothing is queued to run later with money); meanwhile submit buttons look
 * unavailable (offline-bar.css), and `useOnline()` lets a screen disable one. When only the server seemed
 * unreachable the action may try: its answer, or its network error, is the news.
 * `{ offline: "allow" }` is for actions that work on the device alone (logging out).
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>, options: { offline?: "refuse" | "allow" } = {}) {
  const refuseOffline = options.offline !== "allow";
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // The refusal's placeholder values (`{order}`), for its field messages.
  const [values, setValues] = useState<Record<string, string>>({});
  const running = useRef(false);
  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (running.current) return undefined;
      if (refuseOffline && !deviceOnline()) {
        toastNeedsConnection();
        return undefined;
      }
      running.current = true;
      setPending(true);
      setFieldErrors({});
      try {
        return await action(...args);
      } catch (error) {
        if (error instanceof ApiError) {
          setFieldErrors(error.fields);
          setValues(error.values);
        }
        else if (!(error instanceof Error && error.name === "NetworkError")) throw error;
        return undefined;
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action, refuseOffline],
  );
  const onSubmit = useCallback(
    (event: FormEvent) => {
      event.preventDefault();
      void run(...([] as unknown as A));
    },
    [run],
  );
  /** The message of a field, or of the first refused element of a list field (the server names it `field.<index>`). */
  const errorOf = (field: string): string | undefined => {
    const key = fieldErrors[field] ?? Object.entries(fieldErrors).find(([name]) => name.startsWith(`${field}.`))?.[1];
    return key ? i18n._(key, values) : undefined;
  };
  /** A refused field's message is about what was sent: it goes once the user edits that field. */
  const forget = useCallback((field: string) => setFieldErrors((all) => (field in all ? Object.fromEntries(Object.entries(all).filter(([name]) => name !== field)) : all)), []);
  return { run, pending, fieldErrors, setFieldErrors, onSubmit, errorOf, forget };
}
