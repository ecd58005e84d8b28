import { customType } from "drizzle-orm/pg-core";

/** A `bytea` column: a Buffer in code (PGlite returns a Uint8Array, node-postgres a Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});
