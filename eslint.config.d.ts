// Types of what tests read from eslint.config.js (the config itself stays plain JavaScript for ESLint).
import type { Linter } from "eslint";

/** Server domains and the domains each may use (test/lint/domain-graph.test.ts checks it against the imports). */
export declare const SERVER_DOMAINS: Record<string, string[]>;
declare const config: Linter.Config[];
export default config;
