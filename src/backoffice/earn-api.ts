import type { earn, loans } from "@contract";
import { operatorEndpoint } from "./api";

/** Earn products and liabilities, and the loan queue (contract: server/contract/earn.ts, server/contract/loans.ts). */
export const getEarnProducts = operatorEndpoint<typeof earn.backofficeProducts>({ method: "GET", path: "backoffice/earn/products", access: "operator" });
export const saveEarnProduct = operatorEndpoint<typeof earn.backofficeProductSave>({ method: "POST", path: "backoffice/earn/products/save", access: "operator" });
export const getLoanQueue = operatorEndpoint<typeof loans.backofficeLoans>({ method: "GET", path: "backoffice/loans", access: "operator" });
export const getLoanPhoto = operatorEndpoint<typeof loans.backofficePhoto>({ method: "GET", path: "backoffice/loans/photo", access: "operator" });
export const approveLoan = operatorEndpoint<typeof loans.backofficeApprove>({ method: "POST", path: "backoffice/loans/approve", access: "operator" });
export const rejectLoan = operatorEndpoint<typeof loans.backofficeReject>({ method: "POST", path: "backoffice/loans/reject", access: "operator" });
