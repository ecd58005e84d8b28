import type { loans } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshLoans } from "./loans";

/** POST lh/loan/repayment: whole (amount omitted) or part. */
export const postRepayment = endpoint<typeof loans.repayment>({ method: "POST", path: "lh/loan/repayment", access: "user" });

export async function repay(input: Parameters<typeof postRepayment>[0]) {
  const loan = await postRepayment(input);
  await refreshLoans();
  return loan;
}
