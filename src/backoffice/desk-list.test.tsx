import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { renderScreen } from "@/shared/testing/render-screen";
import { DeskList } from "./desk-list";

const table = <table data-testid="rows" />;

describe("DeskList", () => {
  it("shows a skeleton while loading and the empty state when nothing came back, never the table", () => {
    const { container, rerender } = renderScreen(<DeskList loading count={0} emptyIcon="list">{table}</DeskList>);
    expect(container.querySelectorAll(".skeleton")).toHaveLength(6);
    rerender(<DeskList loading={false} count={0} empty="Nothing to see." emptyIcon="list">{table}</DeskList>);
    expect(screen.getByText("Nothing to see.")).toBeTruthy();
    expect(screen.queryByTestId("rows")).toBeNull();
  });

  it("adds the pager under a paged list, and no pager under a whole one", () => {
    const onPage = vi.fn();
    const { rerender } = renderScreen(<DeskList loading={false} count={2} emptyIcon="list" pager={{ page: 1, total: 45, limit: 30, onPage }}>{table}</DeskList>);
    expect(screen.getByTestId("rows")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<DeskList loading={false} count={2} emptyIcon="list">{table}</DeskList>);
    expect(screen.getByTestId("rows")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next" })).toBeNull();
  });
});
