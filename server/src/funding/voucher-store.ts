import { eq } from "drizzle-orm";
import type { Executor, Tx } from "../platform/db";
import type { UploadedFile } from "../platform/http";
import { checkImage } from "../platform/uploads";
import { depositVouchers } from "./funding.schema";

/**
 * Where deposit screenshots go. Each file is checked (size, type from its bytes, the client's md5 against the
 * server's: FILE_* refusals) and kept; a deposit keeps its id. The same screenshot backing two deposits is refused
 * by the deposits table itself (FILE_EXISTS).
 */
export interface VoucherStore {
  save(tx: Tx, input: { userId: number; purpose: "deposit"; file: UploadedFile; md5: string }): Promise<{ id: number; md5: string; contentType: string }>;
  read(db: Executor, id: number): Promise<{ contentType: string; data: Buffer } | null>;
}

/** Checks a voucher with the platform's image check (size, type from the bytes, the client's md5). */
export async function checkVoucher(file: UploadedFile, md5: string, maxBytes: number): Promise<{ contentType: string; md5: string }> {
  const checked = await checkImage(file, { field: "voucher", maxBytes, md5 });
  return { contentType: checked.contentType, md5: checked.md5 };
}

/** Screenshots kept in the database (every API process sees them, backups include them). */
export function databaseVoucherStore(maxBytes: number): VoucherStore {
  return {
    async save(tx, input) {
      const checked = await checkVoucher(input.file, input.md5, maxBytes);
      const [row] = await tx
        .insert(depositVouchers)
        .values({ userId: input.userId, md5: checked.md5, contentType: checked.contentType, size: input.file.data.length, data: input.file.data })
        .returning({ id: depositVouchers.id });
      return { id: row.id, md5: checked.md5, contentType: checked.contentType };
    },
    async read(db, id) {
      const [row] = await db.select({ contentType: depositVouchers.contentType, data: depositVouchers.data }).from(depositVouchers).where(eq(depositVouchers.id, id));
      return row ?? null;
    },
  };
}
