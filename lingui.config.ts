import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import extractor from "@lingui/cli/api/extractors/babel";
import { allMessages } from "./server/contract/messages";
import { firstRouteFiles } from "./scripts/first-routes";

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

const coreSources = firstRouteFiles()
  .filter((file) => /\.tsx?$/.test(file) && file.startsWith("src/"))
  .map((file) => `<rootDir>/${file}`);

export default defineConfig({
  sourceLocale: "en",
  locales: ["zh", "en", "es", "it", "jp", "ko", "pt", "tw", "vn", "id"],
  fallbackLocales: { default: "en" },
  // Three catalogues per language: the core (what login and home need, scripts/first-routes.ts), the other screens
  // (loaded with the first screen that needs them) and the operators' back office, which loads all three.
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: [...coreSources, "<rootDir>/server/contract/messages.ts"],
    },
    {
      path: "<rootDir>/locales/{locale}/screens",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "**/*.test.*", "<rootDir>/src/backoffice/**", ...coreSources],
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
