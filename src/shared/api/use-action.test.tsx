import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { errors } from "@contract/messages";
import { ApiError } from "./errors";
import { useAction } from "./use-action";

describe("useAction", () => {
  it("gives each refused field its message, a list field the message of its first refused element, and clears them on the next run", async () => {
    let fail = true;
    const { result } = renderHook(() =>
      useAction(async () => {
        if (fail) throw new ApiError("PARAMETER_ERROR", errors.PARAMETER_ERROR.key, 400, null, { name: "Missing parameter", "countries_off.1": "Parameter error" });
        return "ok";
      }),
    );
    await act(async () => void (await result.current.run()));
    expect(result.current.errorOf("name")).toBe("Missing parameter");
    expect(result.current.errorOf("countries_off")).toBe("Parameter error");
    expect(result.current.errorOf("countries")).toBeUndefined();
    expect(result.current.errorOf("min")).toBeUndefined();
    fail = false;
    await act(async () => void (await result.current.run()));
    expect(result.current.errorOf("name")).toBeUndefined();
  });

  it("fills a field message's placeholders with the refusal's values", async () => {
    const { result } = renderHook(() =>
      useAction(async () => {
        throw new ApiError("DEPOSIT_VOUCHER_REUSED", "Used for your deposit #{order}", 409, null, { voucher: "Used for your deposit #{order}" }, { order: "42" });
      }),
    );
    await act(async () => void (await result.current.run()));
    expect(result.current.errorOf("voucher")).toBe("Used for your deposit #42");
  });
});
