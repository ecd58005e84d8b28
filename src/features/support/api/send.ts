import type { support } from "@contract";
import { endpoint } from "@/shared/api/client";

/** POST support/send: text, or (multipart) an image with its md5. */
export const postSupportMessage = endpoint<typeof support.send>({ method: "POST", path: "support/send", access: "user", files: ["image"] });

export const sendText = (text: string) => postSupportMessage({ text });

export const sendImage = (image: File, md5: string) => postSupportMessage({ image_md5: md5 }, { files: { image } });
