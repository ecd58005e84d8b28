import useSWR from "swr";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";

/** GET news/getkf: the configured customer-service contact (page, e-mail, hours). */
export const getSupportInfo = endpoint<typeof content.supportInfo>({ method: "GET", path: "news/getkf", access: "user" });

export const useSupportInfo = () => useSWR("news/getkf", () => getSupportInfo({}, { silent: true, loading: false }));
