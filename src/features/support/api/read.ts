import type { support } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST support/read: every reply of customer service is read. */
export const postSupportRead = endpoint<typeof support.read>({ method: "POST", path: "support/read", access: "user" });
