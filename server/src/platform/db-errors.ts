/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), from pg or PGlite, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
