import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import type { UserDetailData } from "../kyc-api";
import { Adjustment } from "./user-actions";

/** The manual adjustment's button, held back, says why beside it (issue 40: it stood grey without a word). */

const detail = { profile: { id: 7, account: "ana" } } as unknown as UserDetailData;
const reason = () => screen.queryByTestId("disabled-reason")?.textContent ?? null;
const type = (name: string, value: string) => fireEvent.change(document.querySelector(`input[name=${name}]`)!, { target: { value } });

describe("the manual adjustment", () => {
  it("says a field is empty, then that the amount is not a number other than 0, then nothing", () => {
    renderScreen(<Adjustment detail={detail} onDone={() => {}} />);
    expect((screen.getByRole("button", { name: "Adjust balance" }) as HTMLButtonElement).disabled).toBe(true);
    expect(reason()).toBe("Fill in every field above.");
    type("amount", "0");
    type("adjust_reason", "goodwill");
    expect(reason()).toBe("The amount is a number other than 0, such as 25 or -25.");
    type("amount", "-25");
    expect(reason()).toBeNull();
    expect((screen.getByRole("button", { name: "Adjust balance" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
