import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ChainConfig } from "@contract/funding";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { formatAmount, formatDateTime } from "@/shared/i18n/format";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { Icon } from "@/shared/ui/icons";
import { getChainConfig, getChainStatus, getDeposits, saveChainConfig } from "../funding-api";

/**
 * On-chain deposits (admin): each watched network's cursor, the chain's head, the lag and the last error (refreshed
 * every few seconds); the credited transfers with their hashes; the transfers below the minimum, which are never
 * credited by themselves (README: the operator credits one by a manual adjustment naming the transfer, or has it
 * returned); and the configuration: the extended public key and the networks, the environment's until saved here.
 */
export function ChainPage() {
  const { t, i18n } = useLingui();
  const status = useSWR("backoffice/funding/chain/status", () => getChainStatus({}, { silent: true }), { refreshInterval: 5_000 });
  const credited = useSWR("backoffice/deposits?chain=succeeded", () => getDeposits({ page: 1, limit: 20, source: "chain", status: "succeeded" }, { silent: true }), { refreshInterval: 5_000 });
  const below = useSWR("backoffice/deposits?chain=below_minimum", () => getDeposits({ page: 1, limit: 50, source: "chain", status: "below_minimum" }, { silent: true }));
  const config = useSWR("backoffice/funding/chain", () => getChainConfig({}, { silent: true }));
  const [form, setForm] = useState<ChainConfig | null>(null);
  useEffect(() => {
    if (config.data) setForm({ xpub: config.data.xpub, networks: config.data.networks });
  }, [config.data]);
  const save = useAction(async () => {
    if (!form) return;
    await saveChainConfig({ config: form });
    await config.mutate();
    showToast(i18n._(successes.SAVE.key), "success");
  });
  const setNetwork = (index: number, change: Partial<ChainConfig["networks"][number]>) =>
    setForm((f) => f && { ...f, networks: f.networks.map((n, i) => (i === index ? { ...n, ...change } : n)) });
  const err = (path: string) => save.errorOf(`config.${path}`);
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>On-chain deposits</Trans>
        </h1>
      </div>
      <section className="card" style={{ marginBottom: 16 }}>
        <h2 style={{ fontSize: 16 }}>
          <Trans>Watchers</Trans>
        </h2>
        {!status.data ? (
          <Skeleton lines={2} />
        ) : status.data.list.length === 0 ? (
          <p className="faint">
            <Trans>No network is watched: set the extended public key and a network below (or DEPOSIT_XPUB and CHAIN_NETWORKS).</Trans>
          </p>
        ) : (
          <table className="bo-table" data-testid="chain-status">
            <thead>
              <tr>
                <th><Trans>Network</Trans></th>
                <th><Trans>Cursor</Trans></th>
                <th><Trans>Head</Trans></th>
                <th><Trans>Lag (blocks)</Trans></th>
                <th><Trans>Confirmations</Trans></th>
                <th><Trans>Last error</Trans></th>
              </tr>
            </thead>
            <tbody>
              {status.data.list.map((n) => (
                <tr key={n.network}>
                  <td>
                    {n.network}
                    <div className="faint num" style={{ fontSize: 12 }}>{n.token_contract}</div>
                  </td>
                  <td className="num">{n.cursor ?? "—"}</td>
                  <td className="num">{n.head ?? "—"}</td>
                  <td className="num">{n.lag ?? "—"}</td>
                  <td className="num">{n.confirmations}</td>
                  <td>
                    {n.error ? (
                      <span className="badge badge--danger">
                        <Trans>{n.failures} failures in a row</Trans>
                      </span>
                    ) : (
                      <span className="badge badge--up">
                        <Trans>OK</Trans>
                      </span>
                    )}
                    {n.error && (
                      <div className="faint" style={{ fontSize: 12 }}>
                        {n.error_at ? formatDateTime(n.error_at) : ""} {n.error}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <TransferTable title={<Trans>Credited transfers</Trans>} list={credited.data?.list} empty={<Trans>No transfer credited yet.</Trans>} testId="chain-credited" />
      <TransferTable
        title={<Trans>Below the minimum</Trans>}
        list={below.data?.list}
        empty={<Trans>No transfer below the minimum.</Trans>}
        testId="chain-below"
        note={
          <Trans>
            These transfers arrived but are below the deposit minimum, so nothing was credited. Decide each one: credit it by a manual adjustment on the user's page naming the
            transaction hash, or return it from the offline wallet. The record stays listed here either way.
          </Trans>
        }
      />

      {form && (
        <form className="form card" onSubmit={save.onSubmit} noValidate style={{ maxWidth: 900 }}>
          <h2 style={{ fontSize: 16 }}>
            <Trans>Configuration</Trans>
          </h2>
          <p className="faint" style={{ fontSize: 13, margin: 0 }}>
            {config.data?.from === "environment" ? <Trans>From the environment (DEPOSIT_XPUB, CHAIN_NETWORKS) until saved here.</Trans> : <Trans>Saved in the back office.</Trans>}
          </p>
          <TextField
            label={<Trans>Extended public key (xpub of m/44'/60'/0')</Trans>}
            name="xpub"
            value={form.xpub}
            onChange={(e) => setForm({ ...form, xpub: e.target.value.trim() })}
            error={err("xpub")}
            hint={<Trans>Never a private key: the server only watches; funds are spent from the offline wallet.</Trans>}
          />
          {form.networks.map((n, i) => (
            <div key={i} style={{ display: "grid", gridTemplateColumns: "100px 1fr 1fr 110px auto", gap: 10, alignItems: "end" }}>
              <TextField label={<Trans>Network</Trans>} name={`chain_network_${i}`} value={n.network} onChange={(e) => setNetwork(i, { network: e.target.value.toUpperCase() })} error={err(`networks.${i}.network`)} />
              <TextField label={<Trans>RPC URL</Trans>} name={`chain_rpc_${i}`} value={n.rpc_url} onChange={(e) => setNetwork(i, { rpc_url: e.target.value.trim() })} error={err(`networks.${i}.rpc_url`)} />
              <TextField label={<Trans>Token contract</Trans>} name={`chain_token_${i}`} value={n.token_contract} onChange={(e) => setNetwork(i, { token_contract: e.target.value.trim() })} error={err(`networks.${i}.token_contract`)} />
              <TextField
                label={<Trans>Confirmations</Trans>}
                name={`chain_confirmations_${i}`}
                inputMode="numeric"
                value={String(n.confirmations)}
                onChange={(e) => setNetwork(i, { confirmations: Number(e.target.value.replace(/\D/g, "")) })}
                error={err(`networks.${i}.confirmations`)}
              />
              <button type="button" className="icon-btn" aria-label={t`Remove network`} onClick={() => setForm({ ...form, networks: form.networks.filter((_, j) => j !== i) })}>
                <Icon name="trash" size={18} />
              </button>
            </div>
          ))}
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setForm({ ...form, networks: [...form.networks, { network: "", rpc_url: "", token_contract: "", confirmations: 12 }] })}>
            <Icon name="plus" size={16} />
            <Trans>Add network</Trans>
          </button>
          <button type="submit" className="btn btn--primary" style={{ maxWidth: 240 }} disabled={save.pending}>
            <Trans>Save</Trans>
          </button>
        </form>
      )}
    </>
  );
}

type Transfer = NonNullable<Awaited<ReturnType<typeof getDeposits>>["list"]>[number];

function TransferTable({ title, list, empty, note, testId }: { title: React.ReactNode; list: Transfer[] | undefined; empty: React.ReactNode; note?: React.ReactNode; testId: string }) {
  return (
    <section className="card" style={{ marginBottom: 16 }}>
      <h2 style={{ fontSize: 16 }}>{title}</h2>
      {note && <p className="faint" style={{ fontSize: 13 }}>{note}</p>}
      {!list ? (
        <Skeleton lines={2} />
      ) : list.length === 0 ? (
        <p className="faint">{empty}</p>
      ) : (
        <table className="bo-table" data-testid={testId}>
          <thead>
            <tr>
              <th>#</th>
              <th><Trans>User</Trans></th>
              <th><Trans>Amount</Trans></th>
              <th><Trans>Transaction</Trans></th>
              <th><Trans>Block</Trans></th>
              <th><Trans>Seen</Trans></th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.id}>
                <td className="num">{d.id}</td>
                <td>
                  {d.account} <span className="faint">#{d.user_id}</span>
                </td>
                <td className="num">
                  {formatAmount(d.amount, d.currency)} <span className="faint">{d.network}</span>
                </td>
                <td className="num" style={{ fontSize: 12, wordBreak: "break-all" }}>
                  {d.tx_hash} #{d.log_index}
                </td>
                <td className="num">{d.block}</td>
                <td className="num">{formatDateTime(d.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
