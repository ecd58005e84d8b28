import { Trans, useLingui } from "@lingui/react/macro";
import type { SpotStatus } from "@contract/spot";
import { formatAmount, formatDateTime, formatDecimal } from "@/shared/i18n/format";
import { ReadOnlyOrders, tickText, type OrderColumn } from "../order-desk";
import { getSpotOrders } from "../spot-api";

type Orders = Awaited<ReturnType<typeof getSpotOrders>>;
type SpotRow = Orders["list"][number];

/**
 * Every user's spot orders, read only (filter by status, user, symbol), and the platform's spot desk (the
 * counterparty of every fill) per currency. Nothing here places, fills, prices or cancels an order: fills come from
 * the feed's recorded ticks only, and each names its tick.
 */
export function SpotOrdersPage() {
  const { t } = useLingui();
  const statusName: Record<SpotStatus, string> = { waiting: t`Waiting for trigger`, open: t`In transaction · waiting to fill`, filled: t`Completed`, cancelled: t`Cancelled` };
  const columns: OrderColumn<SpotRow>[] = [
    { head: "#", num: true, cell: (o) => o.id },
    { head: <Trans>User</Trans>, cell: (o) => <>{o.account} <span className="faint">#{o.user_id}</span></> },
    { head: <Trans>Symbol</Trans>, cell: (o) => o.symbol },
    { head: <Trans>Side</Trans>, cell: (o) => <>{o.side === "buy" ? t`Buy` : t`Sell`} <span className="faint">{{ limit: t`Limit`, market: t({ message: "Market", context: "order type" }), stop_market: t`Stop-market`, stop_limit: t`Stop-limit`, trailing_stop: t`Trailing stop` }[o.type]}{o.oco_id !== null && <> · <Trans>OCO #{o.oco_id}</Trans></>}</span></> },
    { head: <Trans>Quantity</Trans>, num: true, cell: (o) => formatDecimal(o.quantity) },
    { head: <Trans>Limit price</Trans>, num: true, cell: (o) => formatDecimal(o.price) },
    { head: <Trans>Filled price</Trans>, num: true, cell: (o) => formatDecimal(o.filled_price) },
    { head: <Trans>Amount</Trans>, num: true, cell: (o) => (o.amount ? formatAmount(o.amount, o.quote) : "-") },
    { head: <Trans>Fee</Trans>, num: true, cell: (o) => (o.fee ? formatAmount(o.fee, o.fee_currency) : "-") },
    { head: <Trans>Status</Trans>, cell: (o) => statusName[o.status] },
    { head: <Trans>Tick</Trans>, num: true, cell: (o) => tickText(o.tick) },
    { head: <Trans>Placed</Trans>, num: true, cell: (o) => formatDateTime(o.created_at) },
  ];
  return (
    <ReadOnlyOrders<SpotStatus, Orders>
      title={<Trans>Spot orders</Trans>}
      accountsTitle={<Trans>Spot desk (counterparty of every fill)</Trans>}
      accountsLabel={t`Spot desk`}
      accounts={(data) => data.accounts.map((a) => ({ key: a.currency, testId: `spot-desk-${a.currency}`, label: a.currency, balance: formatAmount(a.balance, a.currency, { showCurrency: false }) }))}
      statuses={(["open", "filled", "cancelled"] as const).map((value) => ({ value, name: statusName[value] }))}
      swrKey="backoffice/spot/orders"
      load={(query) => getSpotOrders(query, { silent: true })}
      columns={columns}
      rowTestId={(o) => `spot-order-${o.id}`}
      empty={<Trans>No spot orders here.</Trans>}
    />
  );
}
