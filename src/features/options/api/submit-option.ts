import type { options } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshOptions, type OptionsDesk } from "./options-list";
import { refreshPayable } from "./payable";

/** POST microtrade/submit (crypto) and microtrade/whsubmit (forex and metals): place an option, the stake held. */
export const postSubmit = endpoint<typeof options.submit>({ method: "POST", path: "microtrade/submit", access: "user" });
export const postForexSubmit = endpoint<typeof options.forexSubmit>({ method: "POST", path: "microtrade/whsubmit", access: "user" });

export async function submitOption(desk: OptionsDesk, input: Parameters<typeof postSubmit>[0]) {
  const option = await (desk === "crypto" ? postSubmit : postForexSubmit)(input);
  await Promise.all([refreshOptions(), refreshPayable()]);
  return option;
}
