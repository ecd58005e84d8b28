import type { kyc, userAdmin } from "@contract";
import { operatorEndpoint } from "./api";

/** Identity verification and the Users desk (contract: server/contract/kyc.ts `bo`, server/contract/user-admin.ts). */
type Kyc = typeof kyc.bo;

export const getKycQueue = operatorEndpoint<Kyc["queue"]>({ method: "GET", path: "backoffice/kyc", access: "operator" });
export const getKycPhoto = operatorEndpoint<Kyc["photo"]>({ method: "GET", path: "backoffice/kyc/photo", access: "operator" });
export const approveKyc = operatorEndpoint<Kyc["approve"]>({ method: "POST", path: "backoffice/kyc/approve", access: "operator" });
export const rejectKyc = operatorEndpoint<Kyc["reject"]>({ method: "POST", path: "backoffice/kyc/reject", access: "operator" });

export const searchUsers = operatorEndpoint<typeof userAdmin.search>({ method: "GET", path: "backoffice/users", access: "operator" });
export const getUserDetail = operatorEndpoint<typeof userAdmin.detail>({ method: "GET", path: "backoffice/users/detail", access: "operator" });
export type UserDetailData = Awaited<ReturnType<typeof getUserDetail>>;
export const getUserLedger = operatorEndpoint<typeof userAdmin.ledger>({ method: "GET", path: "backoffice/users/ledger", access: "operator" });
export const freezeUser = operatorEndpoint<typeof userAdmin.freeze>({ method: "POST", path: "backoffice/users/freeze", access: "operator" });
export const unfreezeUser = operatorEndpoint<typeof userAdmin.unfreeze>({ method: "POST", path: "backoffice/users/unfreeze", access: "operator" });
export const lockUser = operatorEndpoint<typeof userAdmin.lock>({ method: "POST", path: "backoffice/users/lock", access: "operator" });
export const unlockUser = operatorEndpoint<typeof userAdmin.unlock>({ method: "POST", path: "backoffice/users/unlock", access: "operator" });
export const adjustBalance = operatorEndpoint<typeof userAdmin.adjust>({ method: "POST", path: "backoffice/users/adjust", access: "operator" });
