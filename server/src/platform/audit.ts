import type { Executor } from "./db";
import { auditLog } from "./platform.schema";

export interface AuditEntry {
  actorKind: "operator" | "user" | "system";
  actorId: number | null;
  action: string;
  targetKind?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
}

/** Writes one line of the audit log, inside the caller's transaction when given one. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    targetKind: entry.targetKind ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ?? {},
  });
}
