import { useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAction } from "@/shared/api/use-action";
import { formatDateTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { TextField } from "@/shared/ui/field";
import { getMessages, sendMessage } from "../content-api";
import { DeskList } from "../desk-list";
import { TextArea } from "./content-parts";

const LIMIT = 30;

/** Personal messages: write to one user (by account, e-mail or id); the list shows what was sent and whether it was read. */
export function MessagesPage() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = { page, limit: LIMIT };
  const { data, isLoading, mutate } = useSWR(["backoffice/messages", query], () => getMessages(query, { silent: true }));
  const [to, setTo] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const send = useAction(async () => {
    const target = to.trim().replace(/^#/, "");
    const byId = /^\d+$/.test(target);
    const sent = await sendMessage({ ...(byId ? { user_id: Number(target) } : { account: target }), title: title.trim(), body: body.trim() });
    showToast(t`Message sent to ${sent.account}`, "success");
    setTitle("");
    setBody("");
    await mutate();
  });
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Messages to users</Trans>
        </h1>
      </div>
      <form className="form card" onSubmit={send.onSubmit} noValidate style={{ maxWidth: 720, marginBottom: 20 }}>
        <TextField
          label={<Trans>To (account, e-mail or #id)</Trans>}
          name="to"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={send.errorOf("account") ?? send.errorOf("user_id")}
          autoComplete="off"
        />
        <TextField label={<Trans>Title</Trans>} name="title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} error={send.errorOf("title")} />
        <TextArea label={<Trans>Message (plain text)</Trans>} name="body" rows={5} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} error={send.errorOf("body")} />
        <div className="bo-actions">
          <button type="submit" className="btn btn--primary" disabled={send.pending || !to.trim() || !title.trim() || !body.trim()}>
            <Trans>Send</Trans>
          </button>
        </div>
      </form>
      <DeskList loading={isLoading} count={data?.list.length ?? 0} empty={<Trans>No messages sent yet.</Trans>} emptyIcon="mail" pager={{ page, total: data?.total ?? 0, limit: LIMIT, onPage: setPage }}>
        {data && (
          <table className="bo-table">
            <thead>
              <tr>
                <th>#</th>
                <th><Trans>User</Trans></th>
                <th><Trans>Message</Trans></th>
                <th><Trans>Sender</Trans></th>
                <th><Trans>Sent</Trans></th>
                <th><Trans>Read</Trans></th>
              </tr>
            </thead>
            <tbody>
              {data.list.map((m) => (
                <tr key={m.id}>
                  <td className="num">{m.id}</td>
                  <td>
                    {m.account} <span className="faint">#{m.user_id}</span>
                  </td>
                  <td>
                    <div className="bo-cell-title">{m.title}</div>
                    <div className="faint" style={{ fontSize: 12, whiteSpace: "pre-wrap" }}>{m.body}</div>
                  </td>
                  <td>{m.sent_by ?? <span className="faint"><Trans>System</Trans></span>}</td>
                  <td className="num">{formatDateTime(m.created_at)}</td>
                  <td>{m.read ? <span className="badge badge--up"><Trans>Read</Trans></span> : <span className="badge"><Trans>Unread</Trans></span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DeskList>
    </>
  );
}
