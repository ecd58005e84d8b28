/**
 * Small real images for tests (server suites and Playwright), built byte by byte so no test downloads a file.
 * No test framework is imported here: both vitest and Playwright load it.
 */
import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

/**
 * A real PNG image (w x h pixels of one colour): distinct seeds give distinct files, so distinct md5s. Built
 * here, byte by byte, so tests never download an image.
 */
export function tinyPng(seed: number, size = 8): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([(seed * 37) & 255, (seed * 91) & 255, (seed >> 8) & 255], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PDF's first bytes: what a "screenshot.png" that is really a document starts with. */
export const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/**
 * A real 1x1 GIF (header, screen with a two-colour table, one image of one LZW block, trailer): a type every upload
 * refuses, however small.
 */
export const GIF_BYTES = Buffer.concat([
  Buffer.from("GIF89a", "ascii"),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1x1, global colour table of 2 entries
  Buffer.from([0, 0, 0, 255, 255, 255]),
  Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor
  Buffer.from([2, 2, 0x44, 0x01, 0]), // LZW minimum code size 2, one data block
  Buffer.from([0x3b]),
]);

export const md5Of = (data: Buffer) => createHash("md5").update(data).digest("hex");

let pngSeed = Math.floor(Math.random() * 1_000_000);
/** A fresh, never-seen voucher image. */
export const freshPng = () => tinyPng(++pngSeed);
