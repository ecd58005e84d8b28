import { successes } from "@contract/successes";
import { i18n } from "../i18n/i18n";
import { showToast } from "../state/store";

/** Copies text and says so ("copy" success message of the seed). */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older webviews: the textarea fallback.
    const area = document.createElement("textarea");
    area.value = text;
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  showToast(i18n._(successes.COPIED.key), "success");
}
