import { useEffect, useRef, useState, type FormEvent } from "react";
import { mutate } from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { IMAGE_UPLOAD_TYPES, SUPPORT_TEXT_MAX, UPLOAD_MAX_BYTES_DEFAULT } from "@contract/constants";
import type { SupportMessage } from "@contract/support";
import { useOnline } from "@/shared/api/online";
import { useAction } from "@/shared/api/use-action";
import { formatTime } from "@/shared/i18n/format";
import { fileMd5 } from "@/shared/lib/file-md5";
import { showToast } from "@/shared/state/store";
import { EmptyState, Skeleton, Spinner } from "@/shared/ui/feedback";
import { Icon } from "@/shared/ui/icons";
import { useSupportImage } from "../api/image";
import { addSentMessage, SUPPORT_MESSAGES_KEY, useSupportMessages, type Conversation } from "../api/messages";
import { postSupportRead } from "../api/read";
import { sendImage, sendText } from "../api/send";
import { byDay, markedRead } from "../model/conversation";
import "./support.css";

const dayLabel = (seconds: number, locale: string) => new Date(seconds * 1000).toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });

/**
 * The conversation with customer service: messages as plain text (React renders text, never HTML), images, times,
 * read marks, new replies live; the history is the persisted cache, so it reads offline, where sending is off and
 * the screen says so.
 */
export function SupportChat() {
  const { t, i18n } = useLingui();
  const { data, error } = useSupportMessages();
  const online = useOnline();
  const bottom = useRef<HTMLDivElement>(null);
  const count = data?.list.length ?? 0;
  const unread = data?.unread ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [count]);

  // Replies on screen are read: tell the server, and mark them here at once.
  useEffect(() => {
    if (unread === 0 || !online || document.visibilityState === "hidden") return;
    postSupportRead({}, { silent: true, loading: false }).then(
      () => mutate<Conversation>(SUPPORT_MESSAGES_KEY, (current) => (current ? markedRead(current) : current), { revalidate: false }),
      () => undefined,
    );
  }, [unread, online]);

  return (
    <section className="chat" aria-label={t`Conversation with customer service`}>
      <div className="chat__log" role="log" aria-live="polite">
        {!data && !error ? (
          <Skeleton lines={4} />
        ) : !data || data.list.length === 0 ? (
          <EmptyState icon="headset">
            <Trans>Write to us here: an agent answers in this conversation, usually within minutes during service hours.</Trans>
          </EmptyState>
        ) : (
          byDay(data.list, (s) => dayLabel(s, i18n.locale)).map((group) => (
            <div key={group.day}>
              <div className="chat__day">{group.day}</div>
              {group.messages.map((message) => (
                <Bubble key={message.id} message={message} />
              ))}
            </div>
          ))
        )}
        <div ref={bottom} />
      </div>
      <Composer online={online} />
    </section>
  );
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useLingui();
  const mine = message.from === "user";
  return (
    <div className={`chat__row${mine ? " chat__row--mine" : ""}`} data-testid="chat-message">
      <div className={`chat__bubble${mine ? " chat__bubble--mine" : ""}`}>
        {!mine && (
          <div className="chat__who">
            <Trans>Customer service</Trans>
          </div>
        )}
        {message.image_id !== null && <ChatImage id={message.image_id} />}
        {message.text && <p className="chat__text">{message.text}</p>}
        <div className="chat__meta">
          <time dateTime={new Date(message.created_at * 1000).toISOString()}>{formatTime(message.created_at)}</time>
          {mine && (
            <span className={`chat__mark${message.read ? " chat__mark--read" : ""}`} aria-label={message.read ? t`Read` : t`Sent`} title={message.read ? t`Read` : t`Sent`}>
              <Icon name="check" size={12} />
              {message.read && <Icon name="check" size={12} />}
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

function ChatImage({ id }: { id: number }) {
  const { t } = useLingui();
  const { data, error } = useSupportImage(id);
  if (error) return <div className="chat__image chat__image--missing">{t`Image unavailable`}</div>;
  if (!data) return <div className="chat__image chat__image--loading"><Spinner small /></div>;
  const src = `data:${data.content_type};base64,${data.data}`;
  return (
    <a href={src} target="_blank" rel="noreferrer" className="chat__image">
      <img src={src} alt={t`Image sent in the conversation`} />
    </a>
  );
}

function Composer({ online }: { online: boolean }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const file = useRef<HTMLInputElement>(null);
  const submit = useAction(async (body: string) => {
    const sent = await sendText(body);
    await addSentMessage(sent);
    setText("");
  });
  const upload = useAction(async (picked: File) => {
    const sent = await sendImage(picked, await fileMd5(picked));
    await addSentMessage(sent);
  });
  const busy = submit.pending || upload.pending;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (body) void submit.run(body);
  };
  const onPick = (picked: File | undefined) => {
    if (file.current) file.current.value = "";
    if (!picked) return;
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(picked.type)) return showToast(t`Choose a JPEG, PNG or WebP image.`, "error");
    if (picked.size > UPLOAD_MAX_BYTES_DEFAULT) return showToast(t`This image is too large to send.`, "error");
    void upload.run(picked);
  };
  return (
    <form className="chat__composer" onSubmit={onSubmit}>
      {!online && (
        <p className="chat__offline" role="status">
          <Icon name="info" size={16} />
          <Trans>You are offline: the conversation above is the last copy saved on this device. Messages can be sent again once you are back online.</Trans>
        </p>
      )}
      <div className="chat__inputs">
        <button type="button" className="chat__attach" aria-label={t`Send an image`} disabled={!online || busy} onClick={() => file.current?.click()}>
          {upload.pending ? <Spinner small /> : <Icon name="plus" size={20} />}
        </button>
        <input ref={file} type="file" accept={IMAGE_UPLOAD_TYPES.join(",")} hidden onChange={(e) => onPick(e.target.files?.[0])} data-testid="chat-image-input" />
        <textarea
          className="chat__input"
          rows={1}
          value={text}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={online ? t`Type a message` : t`Offline: sending is unavailable`}
          aria-label={t`Message`}
          disabled={!online}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) onSubmit(e);
          }}
        />
        <button type="submit" className="btn btn--primary btn--small chat__send" disabled={!online || busy || text.trim() === ""}>
          <Trans>Send</Trans>
        </button>
      </div>
    </form>
  );
}
