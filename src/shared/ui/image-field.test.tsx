import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { errors } from "@contract/messages";
import { fileMd5 } from "../lib/file-md5";
import { renderScreen } from "../testing/render-screen";
import { formatFileSize, ImageField, type PickedImage } from "./image-field";

// happy-dom has no object URLs for previews.
URL.createObjectURL ??= () => "blob:preview";
URL.revokeObjectURL ??= () => undefined;

function Harness({ onPick, error, maxBytes }: { onPick: (picked: PickedImage | null) => void; error?: string; maxBytes?: number }) {
  const [value, setValue] = useState<PickedImage | null>(null);
  return (
    <ImageField
      label="Front side"
      name="front"
      value={value}
      maxBytes={maxBytes}
      error={error}
      onChange={(picked) => {
        setValue(picked);
        onPick(picked);
      }}
    />
  );
}

const choose = (file: File) => fireEvent.change(screen.getByLabelText("Front side"), { target: { files: [file] } });

describe("ImageField", () => {
  it("names the accepted types and the size limit", () => {
    renderScreen(<Harness onPick={() => undefined} maxBytes={5 * 1024 * 1024} />);
    expect(screen.getByText("JPEG, PNG or WebP, up to 5 MB")).toBeTruthy();
    expect(screen.getByLabelText("Front side").getAttribute("accept")).toBe("image/jpeg,image/png,image/webp");
  });

  it("hands over the picked file with its md5 and shows its name and size", async () => {
    const onPick = vi.fn();
    renderScreen(<Harness onPick={onPick} />);
    const file = new File([new Uint8Array(2048).fill(7)], "front.png", { type: "image/png" });
    choose(file);
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick.mock.calls[0][0]).toEqual({ file, md5: await fileMd5(file) });
    expect(screen.getByText("front.png · 2 KB")).toBeTruthy();
  });

  it("refuses a file over the limit at once, with the server's message, and hands over nothing", async () => {
    const onPick = vi.fn();
    renderScreen(<Harness onPick={onPick} maxBytes={1000} />);
    choose(new File([new Uint8Array(2000)], "big.png", { type: "image/png" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(errors.FILE_TOO_LARGE.key));
    expect(onPick).toHaveBeenCalledWith(null);
  });

  it("refuses a file the phone calls a document, and shows the server's refusal when given one", async () => {
    const onPick = vi.fn();
    const { rerender } = renderScreen(<Harness onPick={onPick} />);
    choose(new File(["%PDF-1.4"], "scan.pdf", { type: "application/pdf" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(errors.FILE_TYPE_WRONG.key));
    rerender(<Harness onPick={onPick} error="File exists" />);
    choose(new File([new Uint8Array(10)], "ok.png", { type: "image/png" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("File exists"));
  });

  it("formats sizes as people read them", () => {
    expect(formatFileSize(100)).toBe("1 KB");
    expect(formatFileSize(830 * 1024)).toBe("830 KB");
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe("1.3 MB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatFileSize(12 * 1024 * 1024)).toBe("12 MB");
  });
});
