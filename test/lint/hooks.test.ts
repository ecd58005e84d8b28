import { describe, expect, it } from "vitest";
import { refusalsOf } from "./probe";

/**
 * ARCHITECTURE.md's claim that what follows a decision is a declared domain event (platform/events.ts), not a list of
 * callbacks another domain pushes into: the linter's `hookList` (eslint.config.js), probed on texts linted as if they
 * sat in the server's domains, so the real config decides.
 */

const refusals = refusalsOf("no-restricted-syntax");

describe("no hook lists in the server", () => {
  it("refuses a list of callbacks that other code can fill, however its type is written", async () => {
    const hookLists = [
      "export class Sessions { readonly onEnded: Array<(tx: unknown, ids: number[]) => Promise<void>> = []; }\n",
      "export class Deposits { onApproved: ((id: number) => void)[] = []; }\n",
      "export class Wallet { public readonly onPosted: ReadonlyArray<() => void> = []; }\n",
    ];
    for (const code of hookLists) {
      expect(await refusals("server/src/auth/probe.ts", code), code).toEqual([expect.stringContaining("declare a domain event")]);
      // The ledger, whose platform-account rule is configured apart, is held too.
      expect(await refusals("server/src/ledger/probe.ts", code), code).toEqual([expect.stringContaining("declare a domain event")]);
    }
  });

  it("lets a class keep its own callbacks and lists of anything else", async () => {
    expect(await refusals("server/src/platform/probe.ts", "export class Hub { private readonly off: Array<() => void> = []; }\n")).toEqual([]);
    expect(await refusals("server/src/auth/probe.ts", "export class Names { readonly names: Array<string> = []; }\n")).toEqual([]);
  });
});
