import { mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freshDatabase } from "../testing/harness";
import { md5Of, tinyPng } from "../testing/images";
import type { Database } from "./db";
import { migrate, migrationsDir } from "./migrate";
import { imagePurpose, readImage } from "./uploads";

// The purposes as the migration wrote them (their domains declare them the same way).
const contentImages = imagePurpose("content", { by: "operator", singleCopy: true });
const depositImages = imagePurpose("deposit", { by: "user", singleCopy: false });
const kycImages = imagePurpose("kyc", { by: "user", singleCopy: true });

/**
 * 0022_one_image_store.sql on a database that already holds images in the three old tables: every image survives
 * in stored_images with its bytes and uploader, and every reference (news covers, deposit vouchers) follows it.
 */

const MIGRATION = "0022_one_image_store.sql";

let database: Database;
let before: string;

beforeAll(async () => {
  // The migrations as they stood before this one, so the old tables can be filled first.
  before = mkdtempSync(join(tmpdir(), "tw-migrations-"));
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith(".sql") && f < MIGRATION)) symlinkSync(join(migrationsDir, file), join(before, file));
  database = await freshDatabase(undefined, undefined, before);
});
afterAll(async () => {
  await database?.close();
  rmSync(before, { recursive: true, force: true });
});

const one = async <T>(sqlText: string, params: unknown[] = []): Promise<T> => (await database.query<T>(sqlText, params))[0];
const idOf = async (sqlText: string, params: unknown[] = []) => Number((await one<{ id: string }>(sqlText, params)).id);

it("moves content images and deposit vouchers into stored_images, keeping bytes, uploaders and references", async () => {
  const user = await idOf("INSERT INTO users (account, invite_code) VALUES ('mover', 'MOVER1') RETURNING id");
  const operator = await idOf("INSERT INTO operators (name, password_hash, totp_secret, role) VALUES ('editor', 'x', 'x', 'admin') RETURNING id");
  const kycPng = tinyPng(9001);
  const kyc = await idOf("INSERT INTO stored_images (user_id, purpose, md5, content_type, size, data) VALUES ($1, 'kyc', $2, 'image/png', $3, $4) RETURNING id", [
    user,
    md5Of(kycPng),
    kycPng.length,
    kycPng,
  ]);

  // Old ids 1, 2... in every table: they collide with the KYC photo's, so the moved rows must be renumbered.
  const cover = tinyPng(9002);
  const anonymousCover = tinyPng(9003);
  const insertContent = "INSERT INTO content_images (content_type, size, sha256, data, created_by) VALUES ('image/png', $1, $2, $3, $4) RETURNING id";
  const oldCover = await idOf(insertContent, [cover.length, `a${"0".repeat(63)}`, cover, operator]);
  const oldAnonymous = await idOf(insertContent, [anonymousCover.length, `b${"0".repeat(63)}`, anonymousCover, null]);
  const news = await idOf("INSERT INTO news_items (kind, title, cover_image_id) VALUES ('news', 'With cover', $1) RETURNING id", [oldCover]);

  // The same screenshot twice: a cancelled deposit's, then the new deposit's own copy.
  const screenshot = tinyPng(9004);
  const insertVoucher = "INSERT INTO deposit_vouchers (user_id, md5, content_type, size, data) VALUES ($1, $2, 'image/png', $3, $4) RETURNING id";
  const oldVouchers = [await idOf(insertVoucher, [user, md5Of(screenshot), screenshot.length, screenshot]), await idOf(insertVoucher, [user, md5Of(screenshot), screenshot.length, screenshot])];
  const insertDeposit =
    "INSERT INTO deposits (user_id, currency, network, address, amount, status, voucher_upload_id, voucher_md5, voucher_type) VALUES ($1, 'USDT', 'TRC20', 'T', 10, $2, $3, $4, 'image/png') RETURNING id";
  const cancelled = await idOf(insertDeposit, [user, "cancelled", oldVouchers[0], md5Of(screenshot)]);
  const pending = await idOf(insertDeposit, [user, "pending", oldVouchers[1], md5Of(screenshot)]);
  const highestOld = Math.max(kyc, oldCover, oldAnonymous, ...oldVouchers);
  // A deposit naming a screenshot that was never kept: its number is the first the moved images get.
  const dangling = await idOf(insertDeposit, [user, "failed", highestOld + 1, md5Of(tinyPng(9005))]);

  // This migration alone, whatever later ones exist: they expect its tables, not the old ones.
  symlinkSync(join(migrationsDir, MIGRATION), join(before, MIGRATION));
  expect(await migrate(database, before)).toEqual([MIGRATION]);

  const stored = await database.query<{ id: string; user_id: string | null; operator_id: string | null; purpose: string; md5: string }>(
    "SELECT id, user_id, operator_id, purpose, md5 FROM stored_images ORDER BY id",
  );
  expect(stored.map((r) => r.purpose)).toEqual(["kyc", "content", "content", "deposit", "deposit"]);
  expect(stored.slice(1).every((r) => Number(r.id) > highestOld)).toBe(true);
  expect(Number(stored[0].id)).toBe(kyc);

  const coverId = Number((await one<{ cover_image_id: string }>("SELECT cover_image_id FROM news_items WHERE id = $1", [news])).cover_image_id);
  expect((await readImage(database.db, contentImages, coverId))?.data.equals(cover)).toBe(true);
  expect(stored.find((r) => Number(r.id) === coverId)).toMatchObject({ user_id: null, md5: md5Of(cover) });
  expect(Number(stored.find((r) => Number(r.id) === coverId)?.operator_id)).toBe(operator);
  expect(stored.find((r) => r.md5 === md5Of(anonymousCover))).toMatchObject({ purpose: "content", user_id: null, operator_id: null });

  const voucherOf = async (deposit: number) =>
    (await one<{ voucher_upload_id: string | null }>("SELECT voucher_upload_id FROM deposits WHERE id = $1", [deposit])).voucher_upload_id;
  const moved = [Number(await voucherOf(cancelled)), Number(await voucherOf(pending))];
  expect(new Set(moved).size).toBe(2);
  for (const id of moved) {
    expect((await readImage(database.db, depositImages, id))?.data.equals(screenshot)).toBe(true);
    expect(Number(stored.find((r) => Number(r.id) === id)?.user_id)).toBe(user);
  }
  expect(await voucherOf(dangling)).toBeNull();
  expect((await readImage(database.db, kycImages, kyc))?.data.equals(kycPng)).toBe(true);

  // The old tables are gone, and the next image continues after the moved ones.
  expect(await database.query("SELECT 1 FROM information_schema.tables WHERE table_name IN ('content_images', 'deposit_vouchers')")).toEqual([]);
  const next = await idOf("INSERT INTO stored_images (user_id, purpose, md5, content_type, size, data) VALUES ($1, 'support', $2, 'image/png', 1, '\\x00') RETURNING id", [
    user,
    md5Of(Buffer.from([0])),
  ]);
  expect(next).toBeGreaterThan(Math.max(...stored.map((r) => Number(r.id))));
});

it("holds the references and the uploader rule in the database", async () => {
  const refusal = (sqlText: string) => database.query(sqlText).then(
    () => "accepted",
    (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
  );
  // 23503: foreign key; 23514: check.
  expect(await refusal("UPDATE news_items SET cover_image_id = 987654321")).toBe("23503");
  expect(await refusal("UPDATE deposits SET voucher_upload_id = 987654321")).toBe("23503");
  expect(await refusal("UPDATE stored_images SET user_id = NULL WHERE purpose = 'kyc'")).toBe("23514");
  expect(await refusal("UPDATE stored_images SET user_id = (SELECT min(id) FROM users) WHERE purpose = 'content'")).toBe("23514");
});
