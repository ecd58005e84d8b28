import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import type { ReactNode } from "react";
import { DeskList } from "./desk-list";

const table = <table data-testid="rows" />;
const renderList = (list: ReactNode) => render(<I18nProvider i18n={i18n}>{list}</I18nProvider>);

describe("DeskList", () => {
  it("shows a skeleton while loading and the empty state when nothing came back, never the table", () => {
    const { container, rerender } = renderList(<DeskList loading count={0} emptyIcon="list">{table}</DeskList>);
    expect(container.querySelectorAll(".skeleton")).toHaveLength(6);
    rerender(<I18nProvider i18n={i18n}><DeskList loading={false} count={0} empty="Nothing to see." emptyIcon="list">{table}</DeskList></I18nProvider>);
    expect(screen.getByText("Nothing to see.")).toBeTruthy();
    expect(screen.queryByTestId("rows")).toBeNull();
  });

  it("adds the pager under a paged list, and no pager under a whole one", () => {
    const onPage = vi.fn();
    const { rerender } = renderList(<DeskList loading={false} count={2} emptyIcon="list" pager={{ page: 1, total: 45, limit: 30, onPage }}>{table}</DeskList>);
    expect(screen.getByTestId("rows")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<I18nProvider i18n={i18n}><DeskList loading={false} count={2} emptyIcon="list">{table}</DeskList></I18nProvider>);
    expect(screen.getByTestId("rows")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });
});
