import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import extractor from "@lingui/cli/api/extractors/babel";
import { clientMessages } from "./server/contract/messages";
import { notifications } from "./server/contract/notifications";
import { firstRouteFiles } from "./first-routes";

/**
 * The server's messages are declared once in server/contract/: errors and successes in messages.ts (screens show
 * them by key: the core catalogue), e-mail and notice texts in notifications.ts (only the server translates them:
 * the back-office catalogue, which the phone never downloads and the server reads). This extractor puts each into
 * its catalogue under its wire key, with the English text as the source.
 */
const contractMessages = {
  match: (filename: string) => /server\/contract\/(messages|notifications)\.ts$/.test(filename.replace(/\\/g, "/")),
  extract(filename: string, _code: string, onMessageExtracted: (message: { id: string; message: string; origin: [string, number] }) => void) {
    const list = filename.replace(/\\/g, "/").endsWith("notifications.ts") ? Object.values(notifications) : clientMessages();
    for (const { key, en } of list) onMessageExtracted({ id: key, message: en, origin: [filename, 1] });
  },
};

const coreSources = firstRouteFiles()
  .filter((file) => /\.tsx?$/.test(file) && file.startsWith("src/"))
  .map((file) => `<rootDir>/${file}`);

export default defineConfig({
  sourceLocale: "en",
  locales: ["zh", "en", "es", "it", "jp", "ko", "pt", "tw", "vn", "id"],
  fallbackLocales: { default: "en" },
  // Three catalogues per language: the core (what login and home need, first-routes.ts), the other screens
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
      include: ["<rootDir>/src/backoffice", "<rootDir>/server/contract/notifications.ts"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
  // No "placeholder {0}: expression" comments: they churn with every rename and say nothing to a translator.
  format: formatter({ lineNumbers: false, printPlaceholdersInComments: false }),
  extractors: [contractMessages, extractor],
});
