import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { fileTypeFromBuffer } from "file-type";
import { errors, IMAGE_UPLOAD_TYPES } from "../../contract";
import { bytea } from "./columns";
import type { Executor, Tx } from "./db";
import { DomainError } from "./errors";
import type { UploadedFile } from "./http";

/**
 * Image uploads, one implementation for every domain: the checks a file must pass, and the one store of uploaded
 * images, kept in the database (`stored_images`: migrations/0005_kyc.sql, one store for every purpose since
 * 0022_one_image_store.sql). Each domain declares the purposes of its images (`imagePurpose`); the store knows none.
 */

/** Image types an upload may be, recognised from the file's first bytes, never from its name or declared type. */
export const IMAGE_TYPES = IMAGE_UPLOAD_TYPES;

export interface CheckedImage {
  contentType: string;
  /** md5 (hex) of the bytes, computed here. */
  md5: string;
  size: number;
}

/**
 * Checks an uploaded image: present and not empty, within the size limit, really a JPEG, PNG or WebP (by its
 * bytes), and, when the client sent one, the md5 it computed. Each refusal names `field`, so the form shows it
 * under the right picker.
 */
export async function checkImage(file: UploadedFile | undefined, options: { field: string; maxBytes: number; md5?: string }): Promise<CheckedImage> {
  const refuse = (code: "MISSING_PARAMETER" | "UPLOAD_FAILED" | "FILE_TOO_LARGE" | "FILE_TYPE_WRONG" | "FILE_HASH_MISMATCH"): never => {
    throw new DomainError(code, { [options.field]: errors[code].key });
  };
  if (!file) return refuse("MISSING_PARAMETER");
  if (file.data.length === 0) return refuse("UPLOAD_FAILED");
  if (file.data.length > options.maxBytes) return refuse("FILE_TOO_LARGE");
  const type = await fileTypeFromBuffer(file.data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) return refuse("FILE_TYPE_WRONG");
  const md5 = createHash("md5").update(file.data).digest("hex");
  if (options.md5 !== undefined && md5 !== options.md5.toLowerCase()) return refuse("FILE_HASH_MISMATCH");
  return { contentType: type.mime, md5, size: file.data.length };
}

export const storedImages = pgTable("stored_images", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  /** The uploading user; null on an image of a purpose operators upload. */
  userId: bigint("user_id", { mode: "number" }),
  /** The uploading operator of such an image (null on images uploaded before operators were recorded). */
  operatorId: bigint("operator_id", { mode: "number" }),
  purpose: text("purpose").notNull(),
  md5: text("md5").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What an upload is for, declared once by the domain that keeps such images (`imagePurpose`). Every read names it
 * too, so an id never opens an image kept for another purpose. The table's checks name the operators' purposes and
 * those kept per upload (migrations/0022_one_image_store.sql): a new purpose of either kind needs a migration.
 */
export interface ImagePurpose<By extends "user" | "operator" = "user" | "operator", SingleCopy extends boolean = boolean> {
  readonly name: string;
  /** Who uploads these images (the table checks it too). */
  readonly by: By;
  /**
   * Whether one copy of a file is kept (`stored_images_purpose_md5`), which is how duplicates are found; a purpose
   * whose record may take a file again that another record let go keeps a copy per upload.
   */
  readonly singleCopy: SingleCopy;
}

export const imagePurpose = <By extends "user" | "operator", SingleCopy extends boolean>(name: string, rules: { by: By; singleCopy: SingleCopy }): ImagePurpose<By, SingleCopy> => ({ name, ...rules });

/** The stored image with these bytes for this purpose (its id and uploading user), or null. */
export async function findImage(db: Executor, purpose: ImagePurpose<"user" | "operator", true>, md5: string): Promise<{ id: number; userId: number | null } | null> {
  const [row] = await db
    .select({ id: storedImages.id, userId: storedImages.userId })
    .from(storedImages)
    .where(and(eq(storedImages.purpose, purpose.name), eq(storedImages.md5, md5)));
  return row ?? null;
}

/** A checked image to keep. */
export interface ImageUpload {
  image: CheckedImage;
  data: Buffer;
}

/**
 * Keeps a checked image, uploaded by whom its purpose says (an operator or a user); a file already kept for a
 * single-copy purpose violates `stored_images_purpose_md5`.
 */
export async function storeImage(tx: Tx, purpose: ImagePurpose<"operator">, input: ImageUpload & { operatorId: number }): Promise<number>;
export async function storeImage(tx: Tx, purpose: ImagePurpose<"user">, input: ImageUpload & { userId: number }): Promise<number>;
export async function storeImage(tx: Tx, purpose: ImagePurpose, input: ImageUpload & ({ operatorId: number } | { userId: number })): Promise<number> {
  const uploader = "operatorId" in input ? { operatorId: input.operatorId } : { userId: input.userId };
  const [row] = await tx
    .insert(storedImages)
    .values({ ...uploader, purpose: purpose.name, md5: input.image.md5, contentType: input.image.contentType, size: input.image.size, data: input.data })
    .returning({ id: storedImages.id });
  return row.id;
}

/** The image with this id kept for this purpose, or null (an image of another purpose answers like a missing one). */
export async function readImage(db: Executor, purpose: ImagePurpose, id: number): Promise<{ contentType: string; data: Buffer } | null> {
  const [row] = await db
    .select({ contentType: storedImages.contentType, data: storedImages.data })
    .from(storedImages)
    .where(and(eq(storedImages.id, id), eq(storedImages.purpose, purpose.name)));
  return row ?? null;
}

/** Whether an image with this id is kept for this purpose (without reading its bytes). */
export async function imageExists(db: Executor, purpose: ImagePurpose, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: storedImages.id })
    .from(storedImages)
    .where(and(eq(storedImages.id, id), eq(storedImages.purpose, purpose.name)));
  return rows.length > 0;
}

/** An image as the contract's `imageData` (JSON: the token travels in a header, so an <img> cannot fetch a URL). */
export const asImageData = (image: { contentType: string; data: Buffer }) => ({ content_type: image.contentType, data: image.data.toString("base64") });

/** The constraint a unique violation broke (PostgreSQL and PGlite errors carry it), or null for other errors. */
export function violatedConstraint(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (e?.code === "23505") return e.constraint ?? "";
  if (e?.cause?.code === "23505") return e.cause.constraint ?? "";
  return null;
}
