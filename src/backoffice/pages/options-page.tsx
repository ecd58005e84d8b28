import { Trans, useLingui } from "@lingui/react/macro";
import type { OptionResult, OptionStatus } from "@contract/options";
import { formatAmount, formatDateTime, formatRate } from "@/shared/i18n/format";
import { getOptions } from "../options-api";
import { ReadOnlyOrders, tickText, type OrderColumn } from "../order-desk";
import { kindText } from "./market-parts";

type Orders = Awaited<ReturnType<typeof getOptions>>;
type OptionRow = Orders["list"][number];

/**
 * Every user's timed options, read only, with both ticks, and the platform's options account. Nothing here settles,
 * prices or decides an option: outcomes come from the feed's recorded ticks only.
 */
export function OptionsPage() {
  const { t } = useLingui();
  const resultName: Record<OptionResult, string> = { win: t`Won`, loss: t`Lost`, tie: t`Tie` };
  const columns: OrderColumn<OptionRow>[] = [
    { head: "#", num: true, cell: (o) => o.id },
    { head: <Trans>User</Trans>, cell: (o) => <>{o.account} <span className="faint">#{o.user_id}</span></> },
    { head: <Trans>Symbol</Trans>, cell: (o) => <>{o.symbol} <span className="faint">{kindText(o.kind)}</span></> },
    { head: <Trans>Direction</Trans>, cell: (o) => (o.direction === "up" ? t`Up` : t`Down`) },
    { head: <Trans>Period</Trans>, num: true, cell: (o) => `${o.seconds} s` },
    { head: <Trans>Stake</Trans>, num: true, cell: (o) => formatAmount(o.amount, o.currency) },
    { head: <Trans>Rate</Trans>, num: true, cell: (o) => formatRate(o.rate, 2) },
    { head: <Trans>Opening tick</Trans>, num: true, cell: (o) => tickText(o.open_tick) },
    { head: <Trans>Closing tick</Trans>, num: true, cell: (o) => tickText(o.close_tick) },
    { head: <Trans>Result</Trans>, cell: (o) => (o.result ? resultName[o.result] : t({ message: "Open", context: "open trades" })) },
    { head: <Trans>Paid back</Trans>, num: true, cell: (o) => (o.payout === null ? "-" : formatAmount(o.payout, o.currency, { showCurrency: false })) },
    { head: <Trans>Placed</Trans>, num: true, cell: (o) => formatDateTime(o.created_at) },
  ];
  return (
    <ReadOnlyOrders<OptionStatus, Orders>
      title={<Trans>Timed options</Trans>}
      accountsTitle={<Trans>Options account (lost stakes in, winners' profit out)</Trans>}
      accounts={(data) =>
        (data.accounts.length ? data.accounts : [{ platform: "options", currency: "USDT", balance: "0" }]).map((a) => ({
          key: `${a.platform}-${a.currency}`,
          testId: `platform-${a.platform}`,
          label: a.currency,
          balance: formatAmount(a.balance, a.currency, { showCurrency: false }),
        }))
      }
      statuses={[
        { value: "open", name: t({ message: "Open", context: "open trades" }) },
        { value: "settled", name: t`Settled` },
      ]}
      swrKey="backoffice/options"
      load={(query) => getOptions(query, { silent: true })}
      columns={columns}
      rowTestId={(o) => `option-${o.id}`}
      empty={<Trans>No options here.</Trans>}
    />
  );
}
