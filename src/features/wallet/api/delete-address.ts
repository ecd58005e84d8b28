import { mutate } from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";
import type { StepUpProof } from "@/shared/ui/step-up";
import { addressesKey } from "./addresses";

/** POST wallet/deladdress: delete one of my addresses. */
export const postDeleteAddress = endpoint<typeof funding.deleteAddress>({ method: "POST", path: "wallet/deladdress", access: "user" });

/** `stepUp`: the user's proof for a change of the address book (shared/ui/step-up). */
export async function deleteAddress(id: number, stepUp: StepUpProof) {
  await postDeleteAddress({ id, ...stepUp });
  await mutate(addressesKey);
}
