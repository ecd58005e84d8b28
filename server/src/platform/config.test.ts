import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("configuration", () => {
  it("stops on a bootstrap operator whose TOTP secret is under 160 bits, naming the variable", () => {
    expect(() => loadConfig({ BOOTSTRAP_OPERATOR: "ops:operator-pass-1:JBSWY3DPEHPK3PXP:admin" })).toThrow(/BOOTSTRAP_OPERATOR[\s\S]*160 bits/);
    expect(() => loadConfig({ BOOTSTRAP_OPERATOR: "ops:operator-pass-1:jbswy3dpehpk3pxpjbswy3dpehpk3pxp:admin" })).toThrow(/BOOTSTRAP_OPERATOR/);
    expect(loadConfig({ BOOTSTRAP_OPERATOR: "ops:operator-pass-1:JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP:admin" }).BOOTSTRAP_OPERATOR).toContain("ops:");
  });

  it("caps pending deposits at 3 unless told otherwise", () => {
    expect(loadConfig({}).DEPOSIT_PENDING_MAX).toBe(3);
    expect(loadConfig({ DEPOSIT_PENDING_MAX: "5" }).DEPOSIT_PENDING_MAX).toBe(5);
    expect(() => loadConfig({ DEPOSIT_PENDING_MAX: "0" })).toThrow(/DEPOSIT_PENDING_MAX/);
  });
});
