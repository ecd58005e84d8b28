import type { loans } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshLoans } from "./loans";

/** POST lh/loan/submit (multipart): amount, cycle, agreement, the photos' md5s, and the five photos. */
export const postLoan = endpoint<typeof loans.submit>({ method: "POST", path: "lh/loan/submit", access: "user", files: ["house", "income", "bank", "id_front", "id_hand"] });

export async function submitLoan(input: Parameters<typeof postLoan>[0], photos: Record<"house" | "income" | "bank" | "id_front" | "id_hand", File>) {
  const loan = await postLoan(input, { files: { ...photos } });
  await refreshLoans();
  return loan;
}
