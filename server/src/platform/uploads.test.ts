import { describe, expect, it } from "vitest";
import { freshPng, md5Of, PDF_BYTES } from "../testing/images";
import { DomainError } from "./errors";
import type { UploadedFile } from "./http";
import { checkImage } from "./uploads";

const file = (data: Buffer, filename = "photo.png", mimetype = "image/png"): UploadedFile => ({ field: "front", filename, mimetype, data });

/** The first bytes of a JPEG (SOI + JFIF APP0) and of a WebP (RIFF....WEBPVP8 ): the check reads only those. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0"), Buffer.alloc(64)]);
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x24, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(64)]);

async function refusal(promise: Promise<unknown>): Promise<{ code: string; fields?: Record<string, string> }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, fields: error.fields };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("checkImage", () => {
  it("recognises JPEG, PNG and WebP by their bytes, whatever the name says", async () => {
    const png = freshPng();
    expect(await checkImage(file(png, "x.jpg", "image/jpeg"), { field: "front", maxBytes: 1024, md5: md5Of(png) })).toEqual({ contentType: "image/png", md5: md5Of(png), size: png.length });
    expect((await checkImage(file(JPEG, "x.png"), { field: "front", maxBytes: 1024 })).contentType).toBe("image/jpeg");
    expect((await checkImage(file(WEBP), { field: "front", maxBytes: 1024 })).contentType).toBe("image/webp");
  });

  it("accepts an md5 in upper case and no md5 at all", async () => {
    const png = freshPng();
    expect((await checkImage(file(png), { field: "f", maxBytes: 1024, md5: md5Of(png).toUpperCase() })).md5).toBe(md5Of(png));
    expect((await checkImage(file(png), { field: "f", maxBytes: 1024 })).md5).toBe(md5Of(png));
  });

  it.each([
    ["a missing file", undefined, 1024, undefined, "MISSING_PARAMETER"],
    ["an empty file", Buffer.alloc(0), 1024, undefined, "UPLOAD_FAILED"],
    ["a file over the limit", Buffer.concat([freshPng(), Buffer.alloc(100)]), 64, undefined, "FILE_TOO_LARGE"],
    ["a PDF renamed to .png", PDF_BYTES, 1024, undefined, "FILE_TYPE_WRONG"],
    ["text", Buffer.from("hello, this is not an image at all"), 1024, undefined, "FILE_TYPE_WRONG"],
    ["a wrong md5", freshPng(), 1024, md5Of(Buffer.from("other")), "FILE_HASH_MISMATCH"],
  ] as const)("refuses %s, naming the field", async (_what, data, maxBytes, md5, code) => {
    const result = await refusal(checkImage(data ? file(data) : undefined, { field: "hand", maxBytes, md5 }));
    expect(result.code).toBe(code);
    expect(Object.keys(result.fields ?? {})).toEqual(["hand"]);
  });
});
