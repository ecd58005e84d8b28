import path from "node:path";
import { ESLint } from "eslint";

/** The repository's root, where the real eslint.config.js is read. */
export const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

/**
 * What one rule of the real config says of a file's text linted as if it sat at `filePath` (a probe: nothing is
 * written), so a claim of ARCHITECTURE.md that lint holds is tested against the config itself.
 */
export function refusalsOf(ruleId: string): (filePath: string, code: string) => Promise<string[]> {
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
  };
}
