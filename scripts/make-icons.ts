/**
 * Draws the app icons (the TradeWise mark of src/shared/ui/logo.tsx and public/favicon.svg) into PNG files under
 * public/icons/: no downloads, no image library. Each pixel's colour is the share of 4x4 sub-samples that fall in
 * the shapes (a rounded square, then two round-capped strokes), and a tiny PNG encoder writes the raster.
 *
 *   npx tsx scripts/make-icons.ts        (the PNGs are committed; run again after changing the mark)
 *
 * - `icon-192.png`, `icon-512.png` (purpose "any"): the rounded square on a transparent background, as the favicon.
 * - `maskable-192.png`, `maskable-512.png` (purpose "maskable"): full-bleed brand colour, the mark scaled into the
 *   central safe zone (a circle of 80% of the width), so any launcher mask keeps it whole.
 * - `apple-touch-icon.png` (180): opaque square (iOS rounds the corners itself and shows transparency as black).
 */
import fs from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

type Rgb = [number, number, number];
const BRAND: Rgb = [0x2f, 0xc6, 0xa8]; // --brand of the dark theme (src/shared/ui/theme.css)
const INK: Rgb = [0x06, 0x24, 0x1e]; // --brand-text

/** The mark in the 64-unit box of logo.tsx: polylines stroked 6 wide with round caps and joins. */
const STROKES: [number, number][][] = [
  [[14, 42], [26, 30], [34, 38], [50, 22]],
  [[40, 22], [50, 22], [50, 32]],
];
const STROKE_WIDTH = 6;

interface Variant {
  file: string;
  size: number;
  /** true: the whole square is brand colour (maskable, apple); false: a rounded square on transparency. */
  fullBleed: boolean;
  /** The mark's scale around the centre (1 = as in the 64-unit box). */
  markScale: number;
}

const VARIANTS: Variant[] = [
  { file: "icon-192.png", size: 192, fullBleed: false, markScale: 1 },
  { file: "icon-512.png", size: 512, fullBleed: false, markScale: 1 },
  // The mark spans x 11..53 and y 19..45 (with the stroke): 0.72 keeps its corners inside the 80% safe circle.
  { file: "maskable-192.png", size: 192, fullBleed: true, markScale: 0.72 },
  { file: "maskable-512.png", size: 512, fullBleed: true, markScale: 0.72 },
  { file: "apple-touch-icon.png", size: 180, fullBleed: true, markScale: 0.86 },
];

function distanceToSegment(px: number, py: number, [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

function inRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return x >= 0 && y >= 0 && x <= size && y <= size && Math.hypot(x - cx, y - cy) <= radius;
}

function onMark(u: number, v: number, scale: number): boolean {
  // (u, v) in the 64-unit box; undo the scaling around the centre (32, 32).
  const x = 32 + (u - 32) / scale;
  const y = 32 + (v - 32) / scale;
  return STROKES.some((line) => line.slice(1).some((point, i) => distanceToSegment(x, y, line[i], point) <= STROKE_WIDTH / 2));
}

/** RGBA pixels, 4x4 supersampled. */
function render({ size, fullBleed, markScale }: Variant): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const samples = 4;
  const unit = 64 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let ink = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const u = (px + (sx + 0.5) / samples) * unit;
          const v = (py + (sy + 0.5) / samples) * unit;
          if (!fullBleed && !inRoundedSquare(u, v, 64, 16)) continue;
          if (onMark(u, v, markScale)) ink++;
          else bg++;
        }
      }
      const covered = bg + ink;
      const o = (py * size + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) pixels[o + c] = Math.round((BRAND[c] * bg + INK[c] * ink) / covered);
      pixels[o + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), Buffer.from(data)]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A minimal PNG: 8-bit RGBA, no interlace, filter 0 on every row. */
export function encodePng(size: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

const outDir = path.resolve(import.meta.dirname, "../public/icons");
fs.mkdirSync(outDir, { recursive: true });
for (const variant of VARIANTS) {
  const png = encodePng(variant.size, render(variant));
  fs.writeFileSync(path.join(outDir, variant.file), png);
  console.log(`${variant.file}: ${variant.size}x${variant.size}, ${png.length} bytes`);
}
