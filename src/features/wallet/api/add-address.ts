import { mutate } from "swr";
import type { funding } from "@contract";
import { endpoint } from "@/shared/api/client";
import { addressesKey } from "./addresses";

/** POST wallet/addaddress: save a withdrawal address. */
export const postAddress = endpoint<typeof funding.addAddress>({ method: "POST", path: "wallet/addaddress", access: "user" });

export async function addAddress(input: Parameters<typeof postAddress>[0]) {
  const result = await postAddress(input);
  await mutate(addressesKey);
  return result;
}
