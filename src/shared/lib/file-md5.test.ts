import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fileMd5 } from "./file-md5";

const nodeMd5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

describe("fileMd5", () => {
  it("is the md5 of an empty file", async () => {
    expect(await fileMd5(new Blob([]))).toBe("d41d8cd98f00b204e9800998ecf8427e");
  });

  it("matches the server's md5 (node:crypto) for text and binary files", async () => {
    const text = new TextEncoder().encode("The quick brown fox jumps over the lazy dog");
    expect(await fileMd5(new Blob([text]))).toBe("9e107d9d372bb6826bd81d3542a419d6");
    const binary = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31 + 7) & 255);
    expect(await fileMd5(new Blob([binary]))).toBe(nodeMd5(binary));
  });

  it("gives the same answer whatever the slice size, including slices that split the file unevenly", async () => {
    const bytes = Uint8Array.from({ length: 10_007 }, (_, i) => (i * 13) & 255);
    const whole = await fileMd5(new Blob([bytes]));
    for (const chunk of [1, 64, 1000, 4096, 10_007, 50_000]) expect(await fileMd5(new Blob([bytes]), chunk)).toBe(whole);
    expect(whole).toBe(nodeMd5(bytes));
  });

  it("hashes a File as a Blob (its name plays no part)", async () => {
    const bytes = new TextEncoder().encode("same bytes");
    const [a, b] = await Promise.all([fileMd5(new File([bytes], "a.png")), fileMd5(new File([bytes], "b.jpg"))]);
    expect(a).toBe(b);
  });
});
