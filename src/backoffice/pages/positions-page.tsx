import { Trans, useLingui } from "@lingui/react/macro";
import type { CloseReason, PositionStatus } from "@contract/positions";
import { formatAmount, formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { ReadOnlyOrders, tickText, type OrderColumn } from "../order-desk";
import { getPositions } from "../positions-api";
import { kindText } from "./market-parts";

type Orders = Awaited<ReturnType<typeof getPositions>>;
type PositionRow = Orders["list"][number];

/**
 * Every user's positions, read only (filter by status, user, symbol), and the platform's trading (counterparty) and
 * insurance accounts. Nothing here opens, closes or prices a position: outcomes come from the feed's ticks only.
 */
export function PositionsPage() {
  const { t } = useLingui();
  const reasonName: Record<CloseReason, string> = { user: t`By the user`, tp: t`Take-profit`, sl: t`Stop-loss`, liquidation: t`Liquidation`, close_all: t`Close all` };
  const statusName: Record<PositionStatus, string> = { pending: t`Pending`, open: t({ message: "Open", context: "open trades" }), closing: t`Closing`, closed: t`Closed`, cancelled: t`Cancelled` };
  const columns: OrderColumn<PositionRow>[] = [
    { head: "#", num: true, cell: (p) => p.id },
    { head: <Trans>User</Trans>, cell: (p) => <>{p.account} <span className="faint">#{p.user_id}</span></> },
    { head: <Trans>Symbol</Trans>, cell: (p) => <>{p.symbol} <span className="faint">{kindText(p.kind)}</span></> },
    {
      head: <Trans>Side</Trans>,
      cell: (p) => <>{p.direction === "long" ? t`Long` : t`Short`} {p.leverage}x {p.type === "limit" ? <span className="faint">{t`limit ${formatDecimal(p.price)}`}</span> : null}</>,
    },
    { head: <Trans>Quantity</Trans>, num: true, cell: (p) => formatDecimal(p.quantity) },
    { head: <Trans>Open price</Trans>, num: true, cell: (p) => formatDecimal(p.open_price) },
    { head: <Trans>Margin</Trans>, num: true, cell: (p) => formatAmount(p.margin, "USDT", { showCurrency: false }) },
    { head: <Trans>P&L</Trans>, num: true, cell: (p) => formatAmount(p.pnl, "USDT", { signed: true, showCurrency: false }), tone: (p) => (p.pnl.startsWith("-") ? "down" : "up") },
    { head: <Trans>Liq. price</Trans>, num: true, cell: (p) => formatDecimal(p.liquidation_price) },
    { head: <Trans>Status</Trans>, cell: (p) => statusName[p.status] },
    {
      head: <Trans>Close</Trans>,
      cell: (p) => <>{p.close_reason ? reasonName[p.close_reason] : ""} {p.close_tick ? <span className="faint num">{tickText(p.close_tick)}</span> : null}</>,
    },
    { head: <Trans>Opened</Trans>, num: true, cell: (p) => formatDateTime(p.opened_at ?? p.created_at) },
  ];
  return (
    <ReadOnlyOrders<PositionStatus, Orders>
      title={<Trans>Positions</Trans>}
      accountsTitle={<Trans>Platform accounts</Trans>}
      accounts={(data) =>
        withBothAccounts(data.accounts).map((a) => ({
          key: `${a.platform}-${a.currency}`,
          testId: `platform-${a.platform}`,
          label: a.platform === "trading" ? t`Trading (counterparty)` : a.platform === "insurance" ? t`Insurance fund` : a.platform,
          balance: formatAmount(a.balance, a.currency),
        }))
      }
      statuses={(["pending", "open", "closing", "closed", "cancelled"] as const).map((value) => ({ value, name: statusName[value] }))}
      initialStatus="open"
      swrKey="backoffice/positions"
      load={(query) => getPositions(query, { silent: true })}
      columns={columns}
      rowTestId={(p) => `position-${p.id}`}
      empty={<Trans>No positions here.</Trans>}
    />
  );
}

/** The trading and insurance accounts always show, at 0 before their first entry. */
function withBothAccounts(accounts: { platform: string; currency: string; balance: string }[]) {
  const missing = ["trading", "insurance"].filter((platform) => !accounts.some((a) => a.platform === platform)).map((platform) => ({ platform, currency: "USDT", balance: "0" }));
  return [...accounts, ...missing];
}
