import { mutate } from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";
import { addressesKey } from "./addresses";

/** POST wallet/deladdress: delete one of my addresses. */
export const postDeleteAddress = endpoint<typeof funding.deleteAddress>({ method: "POST", path: "wallet/deladdress", access: "user" });

export async function deleteAddress(id: number) {
  await postDeleteAddress({ id });
  await mutate(addressesKey);
}
