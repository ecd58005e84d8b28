import type { FastifyInstance } from "fastify";
import { content } from "../../contract";
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import type { UploadedFile } from "../platform/http";
import { checkImage, findImage, imagePurpose, readImage, storeImage, violatedConstraint } from "../platform/uploads";

/** Where an uploaded image is served, relative to the app (the client resolves `api/` against its base). */
export const imageUrl = (id: number) => `api/${content.newsImage.path.replace(":id", String(id))}`;

/** News covers and pictures in texts: operators upload them, one copy of a file. */
export const CONTENT_IMAGES = imagePurpose("content", { by: "operator", singleCopy: true });

/**
 * Keeps an operator's image in the one image store (purpose `content`) after the one image check (`checkImage`:
 * present, size, JPEG/PNG/WebP by the bytes; no GIF, no SVG). The same file uploaded twice gets the same id.
 */
export async function saveImage(db: Db, file: UploadedFile | undefined, maxBytes: number, operatorId: number): Promise<{ id: number; url: string }> {
  if (!file) throw new DomainError("UPLOAD_FAILED", "image");
  const image = await checkImage(file, { field: "image", maxBytes });
  const keep = () =>
    db.transaction(async (tx) => (await findImage(tx, CONTENT_IMAGES, image.md5))?.id ?? storeImage(tx, CONTENT_IMAGES, { operatorId, image, data: file.data }));
  // Two operators uploading the same new file at once: the second insert loses on the unique index; its retry finds the first.
  const id = await keep().catch((error: unknown) => {
    if (violatedConstraint(error) === "stored_images_purpose_md5") return keep();
    throw error;
  });
  return { id, url: imageUrl(id) };
}

/**
 * `GET /api/news/image/:id`: the image bytes, public (covers of public news) and immutable (an id never changes
 * content), so browsers and the service worker may cache them for good. Only content images: the store's other
 * images (KYC photos, vouchers...) answer as missing. Not an envelope call: an <img> loads it.
 */
export function imageRoute(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { id: string } }>(`/api/${content.newsImage.path}`, async (request, reply) => {
    const id = /^\d{1,12}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const image = id ? await readImage(db, CONTENT_IMAGES, id) : null;
    if (!image) throw new DomainError("DATA_NOT_FOUND");
    return reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("Content-Security-Policy", "default-src 'none'")
      .type(image.contentType)
      .send(image.data);
  });
}
