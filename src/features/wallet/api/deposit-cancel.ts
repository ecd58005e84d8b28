import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/charge_cancel: cancel one of my pending deposits. */
export const cancelDeposit = endpoint<typeof funding.depositCancel>({ method: "POST", path: "wallet/charge_cancel", access: "user" });
