/**
 * Is the user in the middle of something an update reload would destroy? A form they typed into and have not
 * submitted, a field that has the focus, or a request in flight (a withdrawal being sent). Tracked centrally by
 * listening to the document, so no form has to report itself.
 */
import { loadingCountAtom, store } from "../state/store";

const edited = new Set<HTMLFormElement>();
let installed = false;

const isField = (target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** Starts watching the document (once). */
export function trackForms(doc: Document = document): void {
  if (installed) return;
  installed = true;
  const onEdit = (event: Event) => {
    if (isField(event.target) && event.target.form) edited.add(event.target.form);
  };
  doc.addEventListener("input", onEdit, true);
  doc.addEventListener("change", onEdit, true);
  // A submitted or reset form has nothing left to lose.
  doc.addEventListener("submit", (event) => event.target instanceof HTMLFormElement && edited.delete(event.target), true);
  doc.addEventListener("reset", (event) => event.target instanceof HTMLFormElement && edited.delete(event.target), true);
}

/** True while a reload would lose what the user is doing. */
export function isBusy(doc: Document = document): boolean {
  for (const form of [...edited]) {
    if (!form.isConnected) edited.delete(form);
  }
  if (edited.size > 0) return true;
  const active = doc.activeElement;
  if (isField(active) && !(active instanceof HTMLInputElement && ["button", "submit", "checkbox", "radio"].includes(active.type))) return true;
  return store.get(loadingCountAtom) > 0;
}

/** Tests start from a clean slate. */
export function resetBusyTracking(): void {
  edited.clear();
}
