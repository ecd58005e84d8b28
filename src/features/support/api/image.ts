import useSWR from "swr";
import type { support } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET support/image: an image of my conversation (as data: the token rides in a header, an <img> cannot send it). */
export const getSupportImage = endpoint<typeof support.image>({ method: "GET", path: "support/image", access: "user" });

export const useSupportImage = (id: number | null) =>
  useSWR(id === null ? null : (["support/image", id] as const), ([, v]) => getSupportImage({ id: v }, { silent: true, loading: false }), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
