import useSWR from "swr";
import type { content } from "@contract";
import { endpoint } from "@/shared/api/client";
import { refreshInbox } from "./mark-read";

/** POST user/usermessage_detail: one of my personal messages; the server marks it read. */
export const getMessageDetail = endpoint<typeof content.messageDetail>({ method: "POST", path: "user/usermessage_detail", access: "user" });

export const useMessageDetail = (id: number | null) =>
  useSWR(
    id ? (["user/usermessage_detail", id] as const) : null,
    async ([, messageId]) => {
      const message = await getMessageDetail({ id: messageId }, { silent: true, loading: false });
      void refreshInbox();
      return message;
    },
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
