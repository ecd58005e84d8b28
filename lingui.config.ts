import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import extractor from "@lingui/cli/api/extractors/babel";
import { allMessages } from "./server/contract/messages";

/**
 * The server's messages (errors, successes, e-mail texts) are declared once in server/contract/messages.ts. This
 * extractor puts each into the catalogues under its wire key, with the English text as the source.
 */
const contractMessages = {
  match: (filename: string) => filename.replace(/\\/g, "/").endsWith("server/contract/messages.ts"),
  extract(filename: string, _code: string, onMessageExtracted: (message: { id: string; message: string; origin: [string, number] }) => void) {
    for (const { key, en } of allMessages()) onMessageExtracted({ id: key, message: en, origin: [filename, 1] });
  },
};

export default defineConfig({
  sourceLocale: "en",
  locales: ["zh", "en", "es", "it", "jp", "ko", "pt", "tw", "vn", "id"],
  fallbackLocales: { default: "en" },
  // Two catalogues per language: the app's (what phones download) and the operators' back office, which loads both.
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src", "<rootDir>/server/contract/messages.ts"],
      exclude: ["**/node_modules/**", "**/*.test.*", "<rootDir>/src/backoffice/**"],
    },
    {
      path: "<rootDir>/locales/{locale}/backoffice",
      include: ["<rootDir>/src/backoffice"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
  format: formatter({ lineNumbers: false }),
  extractors: [contractMessages, extractor],
});
