import type { SuccessDef } from "./successes";

/**
 * Texts of e-mails, SMS and in-app notices, translated into the user's language by the server (the client shows the
 * text the server wrote). In a module of their own so their translations live in a catalogue the phone's first
 * routes never download (lingui.config.ts); the server reads that catalogue too (platform/i18n.ts).
 */
const s = /* @__NO_SIDE_EFFECTS__ */ (key: string, en: string): SuccessDef => ({ key, en });

export const notifications = {
  CODE_SUBJECT: s("【TradeWise】验证码", "Your TradeWise verification code"),
  CODE_BODY: s(
    "您的验证码是 {code}，10分钟内有效。如非本人操作，请忽略。",
    "Your verification code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.",
  ),
  DEPOSIT_CREDITED_TITLE: s("充值已到账", "Deposit credited"),
  DEPOSIT_CREDITED_BODY: s("您的 {amount} {currency} 充值已到账。", "Your deposit of {amount} {currency} has been credited to your wallet."),
  DEPOSIT_REJECTED_TITLE: s("充值未通过审核", "Deposit rejected"),
  DEPOSIT_REJECTED_BODY: s("您的 {amount} {currency} 充值未通过审核：{reason}", "Your deposit of {amount} {currency} was rejected: {reason}"),
  WITHDRAWAL_PAID_TITLE: s("提现已完成", "Withdrawal paid"),
  WITHDRAWAL_PAID_BODY: s("{receive} {currency} 已发送至 {address}，交易哈希：{tx_hash}", "{receive} {currency} has been sent to {address}. Transaction: {tx_hash}"),
  WITHDRAWAL_REJECTED_TITLE: s("提现未通过审核", "Withdrawal rejected"),
  WITHDRAWAL_REJECTED_BODY: s("您的 {amount} {currency} 提现未通过审核，已退回余额：{reason}", "Your withdrawal of {amount} {currency} was rejected and returned to your balance: {reason}"),
  KYC_PASSED_TITLE: s("实名认证已通过", "Identity verified"),
  KYC_PASSED_BODY: s("您的实名认证已通过审核。", "Your identity verification has been approved."),
  KYC_REJECTED_TITLE: s("实名认证未通过", "Identity verification rejected"),
  KYC_REJECTED_BODY: s("您的实名认证未通过审核：{reason}。请修改后重新提交。", "Your identity verification was rejected: {reason}. Please correct it and submit again."),
  POSITION_OPENED_TITLE: s("开仓成功", "Position opened"),
  POSITION_OPENED_BODY: s("您的 {symbol} 仓位 {quantity} 手已于 {price} 开仓（行情 {tick_price}，{tick_time} UTC）。", "Your {symbol} position of {quantity} lots opened at {price} (tick {tick_price} at {tick_time} UTC)."),
  // A crypto contract's quantity is in its base coin ("0.01 BTC"), a forex or metal one's in lots.
  POSITION_OPENED_COIN_BODY: s("您的 {symbol} 仓位 {quantity} {base} 已于 {price} 开仓（行情 {tick_price}，{tick_time} UTC）。", "Your {symbol} position of {quantity} {base} opened at {price} (tick {tick_price} at {tick_time} UTC)."),
  POSITION_CLOSED_TITLE: s("仓位已平仓", "Position closed"),
  POSITION_CLOSED_BODY: s("您的 {symbol} 仓位 {quantity} 手已于 {price} 平仓（行情 {tick_price}，{tick_time} UTC），盈亏 {pnl} USDT。", "Your {symbol} position of {quantity} lots closed at {price} (tick {tick_price} at {tick_time} UTC). P&L {pnl} USDT."),
  POSITION_CLOSED_COIN_BODY: s("您的 {symbol} 仓位 {quantity} {base} 已于 {price} 平仓（行情 {tick_price}，{tick_time} UTC），盈亏 {pnl} USDT。", "Your {symbol} position of {quantity} {base} closed at {price} (tick {tick_price} at {tick_time} UTC). P&L {pnl} USDT."),
  POSITION_TP_TITLE: s("止盈已触发", "Take-profit reached"),
  POSITION_SL_TITLE: s("止损已触发", "Stop-loss reached"),
  POSITION_LIQUIDATED_TITLE: s("仓位已强制平仓", "Position liquidated"),
  OPTION_WIN_TITLE: s("期权盈利", "Option won"),
  OPTION_LOSS_TITLE: s("期权亏损", "Option lost"),
  OPTION_TIE_TITLE: s("期权平局", "Option tied: stake returned"),
  OPTION_SETTLED_BODY: s(
    "您的 {symbol} {direction} {seconds} 秒期权已结算：开仓 {open_price}（{open_time}），收盘 {close_price}（{close_time}） UTC，返还 {payout} {currency}。",
    "Your {symbol} {direction} {seconds} s option settled: opening tick {open_price} at {open_time}, closing tick {close_price} at {close_time} UTC. Credited back: {payout} {currency}.",
  ),
  MARGIN_WARNING_TITLE: s("保证金不足警告", "Margin warning"),
  MARGIN_WARNING_BODY: s("您的 {symbol} 仓位保证金水平已降至 {level}%，价格到达 {liquidation_price} 时将被强制平仓。", "The margin level of your {symbol} position fell to {level}%. It will be liquidated at {liquidation_price}."),
  SPOT_BUY_FILLED_TITLE: s("现货买单已成交", "Spot buy order filled"),
  SPOT_BUY_FILLED_BODY: s(
    "您以 {price} 限价买入 {quantity} {base} 的订单已成交（行情 {tick_price}，{tick_time} UTC），支付 {amount} {quote}，手续费 {fee} {quote}。",
    "Your limit order to buy {quantity} {base} at {price} filled (tick {tick_price} at {tick_time} UTC): you paid {amount} {quote} and a fee of {fee} {quote}.",
  ),
  SPOT_SELL_FILLED_TITLE: s("现货卖单已成交", "Spot sell order filled"),
  SPOT_SELL_FILLED_BODY: s(
    "您以 {price} 限价卖出 {quantity} {base} 的订单已成交（行情 {tick_price}，{tick_time} UTC），扣除手续费 {fee} {quote} 后收到 {received} {quote}。",
    "Your limit order to sell {quantity} {base} at {price} filled (tick {tick_price} at {tick_time} UTC): you received {received} {quote} after a fee of {fee} {quote}.",
  ),
  ALERT_TITLE: s("{symbol} 价格提醒", "{symbol} price alert"),
  ALERT_ABOVE_BODY: s("{symbol} 最新价 {tick_price}（{tick_time} UTC）已升至 {price} 或以上。", "{symbol} reached {tick_price} (tick at {tick_time} UTC): at or above your alert price {price}."),
  ALERT_BELOW_BODY: s("{symbol} 最新价 {tick_price}（{tick_time} UTC）已跌至 {price} 或以下。", "{symbol} fell to {tick_price} (tick at {tick_time} UTC): at or below your alert price {price}."),
  ALERT_MOVE_60_BODY: s("{symbol} 在1分钟内变动 {move}%：最新价 {tick_price}（{tick_time} UTC），此前 {reference}。", "{symbol} moved {move}% within a minute: {tick_price} (tick at {tick_time} UTC), from {reference}."),
  ALERT_MOVE_300_BODY: s("{symbol} 在5分钟内变动 {move}%：最新价 {tick_price}（{tick_time} UTC），此前 {reference}。", "{symbol} moved {move}% within 5 minutes: {tick_price} (tick at {tick_time} UTC), from {reference}."),
  ALERT_MOVE_3600_BODY: s("{symbol} 在1小时内变动 {move}%：最新价 {tick_price}（{tick_time} UTC），此前 {reference}。", "{symbol} moved {move}% within an hour: {tick_price} (tick at {tick_time} UTC), from {reference}."),
  ALERT_MOVE_86400_BODY: s("{symbol} 在1天内变动 {move}%：最新价 {tick_price}（{tick_time} UTC），此前 {reference}。", "{symbol} moved {move}% within a day: {tick_price} (tick at {tick_time} UTC), from {reference}."),
  LOGIN_FAILURES_TITLE: s("登录失败提醒", "Failed sign-in attempts"),
  LOGIN_FAILURES_BODY: s(
    "您的账户已有 {count} 次登录失败，最近一次来自 {ip}。如非本人操作，请立即修改密码。",
    "There have been {count} failed sign-in attempts on your account, the last one from {ip}. If this was not you, change your password now.",
  ),
  SECRET_FAILURES_TITLE: s("安全验证失败提醒", "Wrong answers to your security checks"),
  SECRET_FAILURES_BODY: s(
    "您的账户已有 {count} 次安全验证失败（交易密码、当前密码或验证码）。如非本人操作，请立即修改密码并退出其他设备。",
    "Your account's security checks (trading password, current password or a code) have been answered wrongly {count} times. If this was not you, change your passwords now and log out the other sessions.",
  ),
  ADDRESS_ADDED_TITLE: s("新提现地址已添加", "New withdrawal address added"),
  ADDRESS_ADDED_BODY: s(
    "您的账户于 {time} UTC 添加了提现地址 {address}（{network}），该地址自 {usable} UTC 起可用于提现。如非本人操作，请在地址簿中删除它并立即修改密码：{link}",
    "A withdrawal address was added to your account at {time} UTC: {address} ({network}). It can receive withdrawals from {usable} UTC. If this was not you, remove it in your address book and change your passwords now: {link}",
  ),
  NEW_DEVICE_TITLE: s("新设备登录提醒", "Sign-in from a new device"),
  NEW_DEVICE_BODY: s(
    "您的账户于 {time} UTC 在新设备上登录：{device}，IP {ip}。如非本人操作，请立即修改密码并退出其他设备。",
    "Your account was signed in on a new device at {time} UTC: {device}, IP {ip}. If this was not you, change your password now and log out the other sessions.",
  ),
  ANTI_PHISHING_LINE: s("防钓鱼码：{code}", "Anti-phishing code: {code}"),
  EARN_MATURED_TITLE: s("理财订单已到期", "Earn order matured"),
  EARN_MATURED_BODY: s("您的 {name} 订单已到期：本金 {amount} {currency} 已退回余额，累计收益 {income} {currency}。", "Your {name} order has matured: the principal of {amount} {currency} is back in your balance; it earned {income} {currency} in total."),
  LOAN_ISSUED_TITLE: s("贷款已发放", "Loan issued"),
  LOAN_ISSUED_BODY: s("您的 {amount} {currency} 贷款已到账，请于 {due} UTC 前还款 {total} {currency}。", "Your loan of {amount} {currency} has been credited. Repay {total} {currency} by {due} UTC."),
  LOAN_REJECTED_TITLE: s("贷款申请未通过", "Loan application rejected"),
  LOAN_REJECTED_BODY: s("您的 {amount} {currency} 贷款申请未通过审核：{reason}", "Your loan application for {amount} {currency} was rejected: {reason}"),
  // An operator's change of a pair's terms, published to every user as a notice (values: percentages, UTC time).
  TERM_SPREAD_TITLE: s("{symbol} 价差调整公告", "{symbol}: spread change"),
  TERM_SPREAD_UP_BODY: s(
    "{symbol} 的价差将于 {time} UTC 由 {from}% 调整为 {to}%。此后下的订单按新价差成交；已持有的仓位和挂单中的限价单保持下单时的价差。",
    "The spread of {symbol} changes from {from}% to {to}% on {time} UTC. Orders placed from then on trade at the new spread; open positions and resting limit orders keep the spread they were placed with.",
  ),
  TERM_SPREAD_DOWN_BODY: s(
    "{symbol} 的价差已于 {time} UTC 由 {from}% 下调为 {to}%，适用于此后下的订单。",
    "The spread of {symbol} was lowered from {from}% to {to}% at {time} UTC; it applies to orders placed from now on.",
  ),
  TERM_SPREAD_CANCELLED_TITLE: s("{symbol} 价差调整已取消", "{symbol}: spread change cancelled"),
  TERM_SPREAD_CANCELLED_BODY: s(
    "原定于 {time} UTC 将 {symbol} 的价差由 {from}% 调整为 {to}% 的变更已取消，价差保持 {from}%。",
    "The change of the spread of {symbol} from {from}% to {to}%, announced for {time} UTC, is cancelled. The spread stays {from}%.",
  ),
  // An operator's change of a trading configuration (leveraged rules, spot fees, option payouts), published to every
  // user: {changes} is the lines below joined, each naming its scope, term, old -> new; {time} is UTC.
  // An operator switched a crypto venue's prices off (or on again) for everybody: {venue} its name, {venues} the
  // venues the crypto pairs' prices come from now (a comma list).
  VENUE_OFF_TITLE: s("{venue} 行情源已停用", "{venue} prices switched off"),
  VENUE_OFF_BODY: s(
    "自 {time} UTC 起，加密货币交易对的价格不再参考 {venue}，改由 {venues} 提供。订单和仓位不受影响。",
    "From {time} UTC, crypto pairs are no longer priced from {venue}; their prices come from {venues}. Orders and positions are not affected.",
  ),
  VENUE_ON_TITLE: s("{venue} 行情源已恢复", "{venue} prices switched on again"),
  VENUE_ON_BODY: s("自 {time} UTC 起，加密货币交易对的价格重新参考 {venue}，现由 {venues} 提供。", "From {time} UTC, crypto pairs are priced from {venue} again; their prices come from {venues}."),
  TERM_CONFIG_TITLE: s("{product}交易条件调整公告", "{product}: change of trading terms"),
  TERM_CONFIG_UP_BODY: s(
    "自 {time} UTC 起，此后下的订单适用以下新条件：{changes}。已持有的仓位和已下的订单保持下单时的条件。",
    "From {time} UTC, orders placed from then on use these new terms: {changes}. Open positions and orders already placed keep the terms they were placed with.",
  ),
  TERM_CONFIG_DOWN_BODY: s("自 {time} UTC 起，此后下的订单已适用以下新条件：{changes}。", "Since {time} UTC, orders placed from now on use these new terms: {changes}."),
  TERM_CONFIG_CANCELLED_TITLE: s("{product}交易条件调整已取消", "{product}: change of trading terms cancelled"),
  TERM_CONFIG_CANCELLED_BODY: s(
    "原定于 {time} UTC 生效的以下调整已取消，现行条件保持不变：{changes}。",
    "The following change, announced for {time} UTC, is cancelled and the current terms stay: {changes}.",
  ),
  TERM_PRODUCT_POSITIONS: s("杠杆交易", "Leveraged trading"),
  TERM_PRODUCT_SPOT: s("现货交易", "Spot trading"),
  TERM_PRODUCT_OPTIONS: s("期权交易", "Options"),
  TERM_SCOPE_CRYPTO: s("加密货币", "Crypto"),
  TERM_SCOPE_FOREX: s("外汇", "Forex"),
  TERM_SCOPE_METAL: s("贵金属", "Metals"),
  TERM_SCOPE_DEFAULT: s("其他所有交易对", "All other pairs"),
  TERM_LINE_FEE_RATE: s("{scope} 手续费率 {from}% → {to}%", "{scope}: fee rate {from}% → {to}%"),
  TERM_LINE_MAINTENANCE_RATE: s("{scope} 维持保证金率 {from}% → {to}%", "{scope}: maintenance margin rate {from}% → {to}%"),
  TERM_LINE_SWAP_LONG_RATE: s("{scope} 多头隔夜利息率 {from}% → {to}%", "{scope}: daily swap rate (long) {from}% → {to}%"),
  TERM_LINE_SWAP_SHORT_RATE: s("{scope} 空头隔夜利息率 {from}% → {to}%", "{scope}: daily swap rate (short) {from}% → {to}%"),
  TERM_LINE_MAX_LEVERAGE: s("{scope} 最高杠杆 {from} 倍 → {to} 倍", "{scope}: maximum leverage {from}x → {to}x"),
  TERM_LINE_PAYOUT_RATE: s("{scope} {seconds} 秒期权收益率 {from}% → {to}%", "{scope}: {seconds}-second option payout rate {from}% → {to}%"),
  // A push only (the chat itself is the message): what it says stays in the conversation, not on a lock screen.
  SUPPORT_REPLY_TITLE: s("客服已回复", "Customer service replied"),
  SUPPORT_REPLY_BODY: s("您的客服会话有一条新回复。", "There is a new reply in your conversation with customer service."),
} as const satisfies Record<string, SuccessDef>;
