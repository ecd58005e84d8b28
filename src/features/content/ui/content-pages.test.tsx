import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { DocumentView, FaqEntry } from "@contract/content";
import { hasLoginAtom, store } from "@/shared/state/store";
import { renderScreen } from "@/shared/testing/render-screen";
import { answerOk } from "@/shared/testing/answers";

const FAQ: FaqEntry[] = [
  { id: 1, category: "account", question: "How do I register?", answer: "<p>With an invitation code.</p>", updated_at: 0, lang: "en", fallback: false },
  { id: 2, category: "withdrawal", question: "What are the withdrawal rules?", answer: "<p>Minimum <strong>30 USDT</strong>.</p>", updated_at: 0, lang: "en", fallback: true },
];

let document: DocumentView = { slug: "jgpz", published: false };
let unread = 0;
const calls: URL[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      calls.push(url);
      let message: unknown = {};
      if (url.pathname.endsWith("news/faq")) {
        const q = url.searchParams.get("q")?.toLowerCase();
        message = { list: q ? FAQ.filter((e) => `${e.question} ${e.answer}`.toLowerCase().includes(q)) : FAQ };
      } else if (url.pathname.endsWith("news/document")) {
        message = document;
      } else if (url.pathname.endsWith("user/usermessage_unread")) {
        message = { unread, latest_at: null };
      }
      return answerOk(message);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  store.set(hasLoginAtom, false);
});

describe("FAQ page", () => {
  it("lists the questions by category and searches them on the server", async () => {
    const { FaqPage } = await import("./faq-page");
    renderScreen(<FaqPage />);
    expect(await screen.findByText("How do I register?")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Withdrawals" })).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search the FAQ" }), { target: { value: "withdrawal" } });
    await waitFor(() => expect(screen.queryByText("How do I register?")).toBeNull());
    expect(screen.getByText("What are the withdrawal rules?")).toBeTruthy();
    expect(calls.some((url) => url.searchParams.get("q") === "withdrawal")).toBe(true);
    // The entry without a version in the reader's language says it is shown in English; the other one does not.
    expect(screen.getAllByTestId("shown-in-english")).toHaveLength(1);

    fireEvent.change(screen.getByRole("searchbox", { name: "Search the FAQ" }), { target: { value: "nothing like this" } });
    expect(await screen.findByText(/No answer matches/)).toBeTruthy();
  });
});

describe("document pages", () => {
  it("say plainly that an unpublished document is not published", async () => {
    document = { slug: "jgpz", published: false };
    const { LicencePage } = await import("./document-page");
    renderScreen(<LicencePage />);
    expect(await screen.findByText("Not published yet")).toBeTruthy();
    expect(screen.getByTestId("document-unpublished").textContent).toContain("it writes none itself");
  });

  it("render a published document's sanitised HTML", async () => {
    document = { slug: "fwxy", published: true, title: "Service agreement v1", body: "<h2>Scope</h2><p>Terms.</p>", updated_at: 1_700_000_000, lang: "en", fallback: false };
    const { ServiceAgreementPage } = await import("./document-page");
    renderScreen(<ServiceAgreementPage />);
    expect(await screen.findByRole("heading", { name: "Service agreement v1" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Scope" })).toBeTruthy();
  });
});

describe("notice bell", () => {
  it("shows the unread count, and no badge at zero", async () => {
    store.set(hasLoginAtom, true);
    unread = 3;
    const { NoticeBell } = await import("./notice-bell");
    renderScreen(<NoticeBell />);
    await waitFor(() => expect(screen.getByTestId("notice-bell").textContent).toBe("3"));
  });

  it("asks nothing of the server for a visitor", async () => {
    unread = 5;
    const { NoticeBell } = await import("./notice-bell");
    renderScreen(<NoticeBell />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId("notice-bell").textContent).toBe("");
    expect(calls.some((url) => url.pathname.endsWith("usermessage_unread"))).toBe(false);
  });
});
