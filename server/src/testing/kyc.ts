/**
 * KYC for tests (not a test file): a passed verification in a country, written straight to the tables, for the
 * suites whose rules depend on the user's KYC country (the country switches, per-country products).
 */
import { randomBytes } from "node:crypto";
import { REVIEW } from "../../contract/constants";
import type { TestServer } from "./harness";

/** A passed KYC in `country` (the country switches and per-country products judge by it). */
export async function verifiedIn(server: TestServer, userId: number, country: string): Promise<void> {
  const md5 = () => randomBytes(16).toString("hex");
  const image = async () =>
    (await server.database.query<{ id: string }>("INSERT INTO stored_images (user_id, purpose, md5, content_type, size, data) VALUES ($1, 'kyc', $2, 'image/png', 1, '\\x00') RETURNING id", [userId, md5()]))[0].id;
  await server.database.query(
    "INSERT INTO kyc_submissions (user_id, country, first_name, last_name, cert_type, cert_no, front_image_id, back_image_id, hand_image_id, status) VALUES ($1, $2, 'A', 'B', 'passport', $3, $4, $5, $6, 'passed')",
    [userId, country, md5().toUpperCase(), await image(), await image(), await image()],
  );
  await server.database.query("UPDATE users SET review_status = $1 WHERE id = $2", [REVIEW.PASSED, userId]);
}
