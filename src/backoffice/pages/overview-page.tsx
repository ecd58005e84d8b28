import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMe } from "../api";
import { backofficePages } from "../pages";

/** Where an operator lands: who they are and the queues their role opens. */
export function OverviewPage() {
  const { i18n } = useLingui();
  const { data: me } = useMe();
  const pages = backofficePages.filter((p) => p.path !== "/" && me && p.roles.includes(me.role));
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Overview</Trans>
        </h1>
      </div>
      <div className="card" style={{ maxWidth: 560 }}>
        <p style={{ marginTop: 0 }}>
          <Trans>
            Signed in as {me?.name} ({me?.role}). Every action you take here is written to the audit log with your name.
          </Trans>
        </p>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          {pages.map((page) => (
            <Link key={page.path} href={page.path} className="btn btn--ghost btn--small">
              {i18n._(page.label)}
            </Link>
          ))}
        </div>
      </div>
    </>
  );
}
