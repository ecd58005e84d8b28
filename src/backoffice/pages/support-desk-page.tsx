import { useEffect, useRef, useState, type FormEvent } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { SUPPORT_TEXT_MAX } from "@contract/constants";
import type { SupportMessage } from "@contract/support";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { EmptyState, Skeleton, Spinner } from "@/shared/ui/feedback";
import { DeskList } from "../desk-list";
import { getSupportChat, getSupportChatImage, getSupportChats, readSupportChat, replySupport } from "../support-api";

/** How often the desk looks for new messages (operators have no socket; a reply goes out live to the user). */
const POLL_MS = 3_000;
/** Conversations a page of the list shows (the rest are a page further, never out of reach). */
const CHATS_LIMIT = 100;

/**
 * The support desk: conversations (unread first, with counts), one conversation with the user's account beside it,
 * and the reply box. Messages are shown as plain text.
 */
export function SupportDeskPage() {
  const { t } = useLingui();
  const [userId, setUserId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const chats = useSWR(["backoffice/support/chats", page] as const, ([, p]) => getSupportChats({ page: p, limit: CHATS_LIMIT }, { silent: true, loading: false }), { refreshInterval: POLL_MS });
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Support chat</Trans>
        </h1>
        {chats.data && chats.data.unread_total > 0 && (
          <span className="badge badge--down">
            <Trans>{chats.data.unread_total} unread</Trans>
          </span>
        )}
      </div>
      <div className="desk" style={{ display: "grid", gridTemplateColumns: "minmax(220px, 280px) 1fr minmax(220px, 280px)", gap: 16, alignItems: "start" }}>
        <nav className="card" aria-label={t`Conversations`} style={{ padding: 0, maxHeight: "75vh", overflow: "auto" }}>
          <DeskList loading={!chats.data} count={chats.data?.list.length ?? 0} empty={<Trans>No conversations yet.</Trans>} emptyIcon="headset" lines={4} pager={{ page, total: chats.data?.total ?? 0, limit: CHATS_LIMIT, onPage: setPage }}>
            {chats.data?.list.map((chat) => (
              <button
                key={chat.user_id}
                type="button"
                className="bo__link"
                aria-current={chat.user_id === userId ? "page" : undefined}
                onClick={() => setUserId(chat.user_id)}
                style={{ display: "block", width: "100%", textAlign: "left", padding: "10px 12px", border: 0, borderBottom: "1px solid var(--border)", background: chat.user_id === userId ? "var(--surface-2)" : "transparent", cursor: "pointer" }}
                data-testid="desk-chat"
              >
                <div style={{ display: "flex", justifyContent: "space-between", gap: 8 }}>
                  <strong>{chat.account}</strong>
                  {chat.unread > 0 && <span className="badge badge--down">{chat.unread}</span>}
                </div>
                <div className="faint" style={{ fontSize: 12, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                  {chat.last_message || t`Image`}
                </div>
                <div className="faint" style={{ fontSize: 11 }}>{formatDateTime(chat.last_at)}</div>
              </button>
            ))}
          </DeskList>
        </nav>
        {userId === null ? (
          <div className="card">
            <EmptyState icon="headset">
              <Trans>Choose a conversation.</Trans>
            </EmptyState>
          </div>
        ) : (
          <Conversation key={userId} userId={userId} onChange={() => void chats.mutate()} />
        )}
      </div>
    </>
  );
}

function Conversation({ userId, onChange }: { userId: number; onChange: () => void }) {
  const { t } = useLingui();
  const { data, mutate } = useSWR(["backoffice/support/chat", userId] as const, ([, id]) => getSupportChat({ user_id: id }, { silent: true, loading: false }), { refreshInterval: POLL_MS });
  const [text, setText] = useState("");
  const bottom = useRef<HTMLDivElement>(null);
  const count = data?.list.length ?? 0;
  const unread = data?.list.some((m) => m.from === "user" && !m.read) ?? false;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [count]);
  useEffect(() => {
    if (!unread) return;
    readSupportChat({ user_id: userId }, { silent: true, loading: false }).then(() => {
      onChange();
      void mutate();
    }, () => undefined);
  }, [unread, userId, onChange, mutate]);
  const reply = useAction(async (body: string) => {
    await replySupport({ user_id: userId, text: body });
    setText("");
    await mutate();
    onChange();
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void reply.run(text.trim());
  };
  if (!data) return <Skeleton lines={6} />;
  const user = data.user;
  return (
    <>
      <section className="card" aria-label={t`Conversation`} style={{ display: "flex", flexDirection: "column", gap: 8, maxHeight: "75vh" }}>
        <div style={{ overflow: "auto", flex: 1, display: "flex", flexDirection: "column", gap: 6 }}>
          {data.list.map((message) => (
            <DeskMessage key={message.id} message={message} />
          ))}
          <div ref={bottom} />
        </div>
        <form onSubmit={onSubmit} style={{ display: "flex", gap: 8 }}>
          <textarea
            aria-label={t`Reply`}
            placeholder={t`Reply to ${user.account}`}
            value={text}
            maxLength={SUPPORT_TEXT_MAX}
            rows={2}
            style={{ flex: 1, font: "inherit", padding: 8 }}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn btn--primary" style={{ width: "auto" }} disabled={reply.pending || !text.trim()}>
            <Trans>Send reply</Trans>
          </button>
        </form>
        {reply.errorOf("text") && <div className="field__error">{reply.errorOf("text")}</div>}
      </section>
      <aside className="card" aria-label={t`Account`}>
        <h2 style={{ marginTop: 0, fontSize: 16 }}>{user.account}</h2>
        <dl style={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: "4px 12px", margin: 0, fontSize: 13 }}>
          <dt className="faint">
            <Trans>User ID</Trans>
          </dt>
          <dd style={{ margin: 0 }}>{user.user_id}</dd>
          <dt className="faint">
            <Trans>E-mail</Trans>
          </dt>
          <dd style={{ margin: 0 }}>{user.email ?? "-"}</dd>
          <dt className="faint">
            <Trans>Identity</Trans>
          </dt>
          <dd style={{ margin: 0 }}>{reviewLabel(user.review_status, t)}</dd>
          <dt className="faint">
            <Trans>State</Trans>
          </dt>
          <dd style={{ margin: 0 }}>{user.frozen ? t`Frozen` : t`Active`}</dd>
          <dt className="faint">
            <Trans>Registered</Trans>
          </dt>
          <dd style={{ margin: 0 }}>{formatDateTime(user.created_at)}</dd>
        </dl>
        <h3 style={{ fontSize: 14, marginBottom: 4 }}>
          <Trans>Wallets</Trans>
        </h3>
        {user.wallets.length === 0 ? (
          <div className="faint">
            <Trans>No balances.</Trans>
          </div>
        ) : (
          <table className="bo-table">
            <tbody>
              {user.wallets.map((w) => (
                <tr key={w.currency}>
                  <td>{w.currency}</td>
                  <td className="num">{formatDecimal(w.available)}</td>
                  <td className="num faint">{formatDecimal(w.frozen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </aside>
    </>
  );
}

function reviewLabel(status: number, t: ReturnType<typeof useLingui>["t"]): string {
  if (status === 2) return t`Verified`;
  if (status === 1) return t`Under review`;
  if (status === 3) return t`Rejected`;
  return t`Not submitted`;
}

function DeskMessage({ message }: { message: SupportMessage }) {
  const { t } = useLingui();
  const mine = message.from === "agent";
  return (
    <div style={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "75%" }} data-testid="desk-message">
      <div style={{ padding: "6px 10px", borderRadius: 10, background: mine ? "var(--brand)" : "var(--surface-2)", color: mine ? "var(--brand-text)" : "inherit" }}>
        {message.image_id !== null && <DeskImage id={message.image_id} />}
        {message.text && <div style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.text}</div>}
      </div>
      <div className="faint" style={{ fontSize: 11, textAlign: mine ? "right" : "left" }}>
        {formatDateTime(message.created_at)} · {mine ? (message.read ? t`Read by the user` : t`Not read yet`) : t`User`}
      </div>
    </div>
  );
}

function DeskImage({ id }: { id: number }) {
  const { t } = useLingui();
  const { data } = useSWR(["backoffice/support/image", id] as const, ([, v]) => getSupportChatImage({ id: v }, { silent: true, loading: false }), { revalidateOnFocus: false });
  if (!data) return <Spinner small />;
  const src = `data:${data.content_type};base64,${data.data}`;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={t`Image sent by the user`} style={{ maxWidth: 240, borderRadius: 6, display: "block" }} />
    </a>
  );
}
