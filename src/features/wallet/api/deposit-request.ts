import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST wallet/charge_req (multipart): amount, network, md5 and the voucher screenshot (`files: { voucher }`). */
export const postDeposit = endpoint<typeof funding.depositRequest>({ method: "POST", path: "wallet/charge_req", access: "user", files: ["voucher"] });

export const requestDeposit = (input: Parameters<typeof postDeposit>[0], voucher: File) => postDeposit(input, { files: { voucher } });
