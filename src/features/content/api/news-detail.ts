import useSWR from "swr";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST news/detail: one published item with its sanitised body (public). */
export const getNewsDetail = endpoint<typeof content.newsDetail>({ method: "POST", path: "news/detail", access: "public" });

export const useNewsDetail = (id: number | null) =>
  useSWR(id ? (["news/detail", id] as const) : null, ([, itemId]) => getNewsDetail({ id: itemId }, { silent: true, loading: false }), {
    shouldRetryOnError: false,
  });
