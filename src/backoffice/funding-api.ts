import type { funding } from "@contract";
import { operatorEndpoint } from "./api";

/** The money queues and settings of the back office (contract: server/contract/funding.ts, `bo`). */
type Bo = typeof funding.bo;

export const getDeposits = operatorEndpoint<Bo["deposits"]>({ method: "GET", path: "backoffice/deposits", access: "operator" });
export const getDepositVoucher = operatorEndpoint<Bo["depositVoucher"]>({ method: "GET", path: "backoffice/deposits/voucher", access: "operator" });
export const approveDeposit = operatorEndpoint<Bo["approveDeposit"]>({ method: "POST", path: "backoffice/deposits/approve", access: "operator" });
export const rejectDeposit = operatorEndpoint<Bo["rejectDeposit"]>({ method: "POST", path: "backoffice/deposits/reject", access: "operator" });
export const getWithdrawals = operatorEndpoint<Bo["withdrawals"]>({ method: "GET", path: "backoffice/withdrawals", access: "operator" });
export const approveWithdrawal = operatorEndpoint<Bo["approveWithdrawal"]>({ method: "POST", path: "backoffice/withdrawals/approve", access: "operator" });
export const rejectWithdrawal = operatorEndpoint<Bo["rejectWithdrawal"]>({ method: "POST", path: "backoffice/withdrawals/reject", access: "operator" });
export const getFundingConfig = operatorEndpoint<Bo["config"]>({ method: "GET", path: "backoffice/funding/config", access: "operator" });
export const saveFundingConfig = operatorEndpoint<Bo["saveConfig"]>({ method: "POST", path: "backoffice/funding/config", access: "operator" });
export const getLedgerSummary = operatorEndpoint<Bo["ledgerSummary"]>({ method: "GET", path: "backoffice/ledger/summary", access: "operator" });
export const getChainConfig = operatorEndpoint<Bo["chainConfig"]>({ method: "GET", path: "backoffice/funding/chain", access: "operator" });
export const saveChainConfig = operatorEndpoint<Bo["saveChainConfig"]>({ method: "POST", path: "backoffice/funding/chain", access: "operator" });
export const getChainStatus = operatorEndpoint<Bo["chainStatus"]>({ method: "GET", path: "backoffice/funding/chain/status", access: "operator" });
