import { useState } from "react";
import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { Language } from "@contract/constants";
import { hasText, LanguageTabs, languageVersion, type Translations } from "./content-parts";
import { renderScreen } from "@/shared/testing/render-screen";

interface Text {
  question: string;
  answer: string;
}
interface Draft extends Text {
  translations: Translations<Text>;
}

/** A minimal editor built the way the desks use the parts: tabs, then the open language's fields. */
function Editor({ initial, onDraft }: { initial: Draft; onDraft: (draft: Draft) => void }) {
  const [draft, setDraft] = useState(initial);
  const [tab, setTab] = useState<Language>("en");
  const set = (change: Partial<Draft>) =>
    setDraft((d) => {
      const next = { ...d, ...change };
      onDraft(next);
      return next;
    });
  const [text, setText] = languageVersion<Text>(draft, tab, { question: "", answer: "" }, set);
  return (
    <>
      <LanguageTabs value={tab} onChange={setTab} written={(lang) => lang === "en" || hasText(draft.translations[lang])} />
      <input aria-label="Question" value={text.question} onChange={(e) => setText({ question: e.target.value })} />
    </>
  );
}

describe("the back office's language versions", () => {
  it("edits English in the item itself and another language in its translation, and names the missing languages", () => {
    let last: Draft | null = null;
    renderScreen(<Editor initial={{ question: "How?", answer: "<p>So.</p>", translations: { es: { question: "¿Cómo?", answer: "<p>Así.</p>" } } }} onDraft={(d) => (last = d)} />);
    expect(screen.getAllByRole("tab")).toHaveLength(10);
    expect(screen.getByTestId("missing-languages").textContent).toContain("简体中文");
    expect(screen.getByTestId("missing-languages").textContent).not.toContain("Español");
    expect(screen.getByRole("tab", { name: "Español" }).hasAttribute("data-missing")).toBe(false);
    expect(screen.getByRole("tab", { name: "日本語" }).hasAttribute("data-missing")).toBe(true);

    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "How exactly?" } });
    expect(last!.question).toBe("How exactly?");
    expect(last!.translations.es?.question).toBe("¿Cómo?");

    fireEvent.click(screen.getByRole("tab", { name: "日本語" }));
    expect((screen.getByLabelText("Question") as HTMLInputElement).value).toBe("");
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "どうやって？" } });
    expect(last!.question).toBe("How exactly?");
    expect(last!.translations.jp).toEqual({ question: "どうやって？", answer: "" });
    expect(screen.getByRole("tab", { name: "日本語" }).hasAttribute("data-missing")).toBe(false);
    expect(screen.getByTestId("missing-languages").textContent).not.toContain("日本語");
  });
});
