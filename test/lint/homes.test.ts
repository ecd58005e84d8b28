import { describe, expect, it } from "vitest";
import { refusalsOf } from "./probe";

/**
 * ARCHITECTURE.md's claims about the client's homes, checked by the linter itself: jotai is imported by the state
 * store alone, ky by the HTTP client alone, and those homes keep every other client rule (no zod, no server code).
 * Each probe is a file's text linted as if it sat at that path, so the real config decides.
 */

const refusals = refusalsOf("@typescript-eslint/no-restricted-imports");

describe("the client's one home per library", () => {
  it("refuses zod and server code in the state store and in the HTTP client, as anywhere in the client", async () => {
    for (const file of ["src/shared/state/store.ts", "src/shared/api/client.ts", "src/features/market/api/probe.ts"]) {
      expect(await refusals(file, 'import { z } from "zod";\nexport const probe = z.string();\n')).toHaveLength(1);
    }
  });

  it("lets the store alone import jotai, and the HTTP client alone import ky", async () => {
    const jotai = 'import { atom } from "jotai";\nimport { useAtomValue } from "jotai/react";\nexport const probe = [atom, useAtomValue];\n';
    const kyProbe = 'import ky from "ky";\nexport const probe = ky;\n';
    expect(await refusals("src/shared/state/store.ts", jotai)).toEqual([]);
    expect(await refusals("src/shared/api/client.ts", kyProbe)).toEqual([]);
    expect(await refusals("src/shared/api/swr.ts", jotai)).toHaveLength(2);
    expect(await refusals("src/features/auth/model/probe.ts", kyProbe)).toHaveLength(1);
    expect(await refusals("src/shared/state/probe.ts", kyProbe)).toHaveLength(1);
  });
});
