import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db, Executor } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { UploadedFile } from "../platform/http";
import { checkImage } from "../platform/uploads";
import { contentImages } from "./content.schema";

/** Where an uploaded image is served, relative to the app (the client resolves `api/` against its base). */
export const imageUrl = (id: number) => `api/news/image/${id}`;

/**
 * Stores an operator's image once per content (the same file uploaded twice gets the same id), after the platform's
 * one image check (`checkImage`: present, size, JPEG/PNG/WebP by the bytes; no SVG, it can carry script).
 */
export async function saveImage(db: Db, file: UploadedFile | undefined, maxBytes: number, operatorId: number): Promise<{ id: number; url: string }> {
  if (!file) throw new DomainError("UPLOAD_FAILED", "image");
  const checked = await checkImage(file, { field: "image", maxBytes });
  const sha256 = createHash("sha256").update(file.data).digest("hex");
  const inserted = await db
    .insert(contentImages)
    .values({ contentType: checked.contentType, size: checked.size, sha256, data: file.data, createdBy: operatorId })
    .onConflictDoNothing({ target: contentImages.sha256 })
    .returning({ id: contentImages.id });
  const id = inserted[0]?.id ?? (await db.select({ id: contentImages.id }).from(contentImages).where(eq(contentImages.sha256, sha256)))[0].id;
  return { id, url: imageUrl(id) };
}

export async function imageExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: contentImages.id }).from(contentImages).where(eq(contentImages.id, id))).length > 0;
}

/**
 * `GET /api/news/image/:id`: the image bytes, public (covers of public news) and immutable (an id never changes
 * content), so browsers and the service worker may cache them for good. Not an envelope call: an <img> loads it.
 */
export function imageRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>("/api/news/image/:id", async (request, reply) => {
    const id = /^\d{1,12}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const rows = id ? await db.select({ contentType: contentImages.contentType, data: contentImages.data }).from(contentImages).where(eq(contentImages.id, id)) : [];
    if (!rows.length) throw new DomainError("DATA_NOT_FOUND");
    return reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("Content-Security-Policy", "default-src 'none'")
      .type(rows[0].contentType)
      .send(rows[0].data);
  });
}
