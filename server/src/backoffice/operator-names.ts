import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "../platform/db";
import { operators } from "./backoffice.schema";

/**
 * What other domains may know of an operator: the name to show beside a decision ("reviewed by"). The operators table
 * itself stays the back office's own; these read it for them.
 */

/** A select expression: the name of the operator whose id is in `operatorId` (null when none), e.g.
 * `reviewer: operatorNameOf(deposits.reviewedBy)`. */
export function operatorNameOf(operatorId: SQLWrapper): SQL<string | null> {
  // Nested once more: drizzle writes a single-table select's expression columns unqualified, and the outer column
  // (`reviewed_by`) must keep its table inside the sub-select (auth's userAccountOf does the same).
  return sql<string | null>`${sql`(select ${operators.name} from ${operators} where ${operators.id} = ${operatorId})`}`;
}

/** One operator's name, or null. */
export async function operatorName(db: Executor, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: operators.name }).from(operators).where(eq(operators.id, id));
  return row?.name ?? null;
}
