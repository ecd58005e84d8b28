import useSWR from "swr";
import type { Input } from "@contract/define";
import type { wallet } from "@contract";
import { endpoint, request, type Download } from "@/shared/api/client";

export const statementCall = "finance/statement";

/** GET finance/export: the CSV (token call, so fetched as bytes and saved from a blob, not opened as a link). */
export const downloadExport = (input: Input<typeof wallet.exportStatement>) =>
  request<Download>(`finance/export`, { method: "GET", data: input, auth: true, download: true, loading: true });

/** Saves downloaded bytes under their file name (an object URL the browser saves, then revoked). */
export function saveDownload({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET finance/statement: one month's ledger per currency, opening and closing balances. */
export const getStatement = endpoint<typeof wallet.statement>({ method: "GET", path: statementCall, access: "user" });

export function useStatement(range: { from: number; to: number }) {
  return useSWR([statementCall, range.from, range.to] as const, ([, from, to]) => getStatement({ from, to }, { silent: true, loading: false }));
}
