import { mutate, type KeyedMutator } from "swr";
import type { options } from "@contract";
import type { Option } from "@contract/options";
import { endpoint } from "@/shared/api/client";
import { foldPushedRow } from "@/shared/api/pushed-row";
import { useLiveSWR, type TopicMessage } from "@/shared/api/realtime";

/** GET microtrade/lists (crypto) and microtrade/whlists (forex and metals): my options, newest first. */
export const getOptions = endpoint<typeof options.list>({ method: "GET", path: "microtrade/lists", access: "user" });
export const getForexOptions = endpoint<typeof options.forexList>({ method: "GET", path: "microtrade/whlists", access: "user" });

export type OptionsDesk = "crypto" | "forex";
export type OptionsPage = Awaited<ReturnType<typeof getOptions>>;
export type ListStatus = "open" | "settled";

const LIMIT = 50;
export const optionsKey = (desk: OptionsDesk, status: ListStatus) => ["microtrade/lists", desk, status] as const;
const isOptionsKey = (key: unknown) => Array.isArray(key) && key[0] === "microtrade/lists";

/** Every options list in the cache (after a submit, or when an option settles). */
export const refreshOptions = () => mutate(isOptionsKey);

/** The user channel `orders` carries an option that changed: folded in place while it stays, lists refetched when it moved. */
function onOptionMessage(message: TopicMessage, update: KeyedMutator<OptionsPage>, status: ListStatus) {
  const changed = message.data as Partial<Option> | null;
  if (!changed || typeof changed.id !== "number" || typeof changed.settle_at !== "number") return;
  foldPushedRow(update, changed as Partial<Option> & { id: number }, () => changed.status === status, refreshOptions);
}

/** My open or settled options on one desk, live: the `orders` channel while the socket is up, polling while it is down. */
export const useOptions = (desk: OptionsDesk, status: ListStatus) =>
  useLiveSWR<OptionsPage>(
    optionsKey(desk, status),
    () => (desk === "crypto" ? getOptions : getForexOptions)({ status, page: 1, limit: LIMIT }, { silent: true, loading: false }),
    { topics: [{ channel: "orders" }], user: true, onMessage: (message, update) => onOptionMessage(message, update, status) },
  );
