import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { LanguagePage } from "./language-page";

describe("the language picker", () => {
  it("marks each entry with a valid BCP 47 tag (ja, zh-TW, vi), not the stored keys (jp, tw, vn)", () => {
    renderScreen(<LanguagePage />);
    const tags = screen.getAllByRole("listitem").map((item) => item.getAttribute("lang"));
    expect(tags).toEqual(["zh-CN", "en", "es", "it", "ja", "ko", "pt", "zh-TW", "vi", "id"]);
    for (const tag of tags) expect(Intl.getCanonicalLocales(tag!)).toEqual([tag]);
  });
});
