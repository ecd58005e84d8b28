/**
 * The closed catalogue of every message the server speaks.
 *
 * The wire carries the Chinese key (`key`), as the seed's protocol does; the client translates it through lingui.
 * `en` is the English source text the catalogues are extracted with. Each key is defined here once: the server's
 * error handler, the client's toasts, the OpenAPI document and the i18n completeness test all read this file.
 */

import { requestErrors, type ErrorDef } from "./request-errors";

export type { ErrorDef };

/** Pure: lets the bundler drop whichever table a client does not import. */
const e = /* @__NO_SIDE_EFFECTS__ */ (status: number, key: string, en: string): ErrorDef => ({ status, key, en });

export const errors = {
  // auth and session
  LOGIN_REQUIRED: e(401, "请先登录", "Please log in first"),
  USER_NOT_FOUND: e(404, "用户不存在", "User does not exist"),
  WRONG_CREDENTIALS: e(400, "账号或密码错误", "Wrong account or password"),
  WRONG_PASSWORD: e(400, "密码错误", "Wrong password"),
  ACCOUNT_FROZEN: e(403, "账户已冻结，请联系客服", "Account frozen, please contact customer service"),
  USER_LOCKED: e(423, "您已被锁定", "You are locked, please try again later"),
  USER_ABNORMAL: e(403, "用户异常", "User abnormal"),
  CODE_INVALID: e(400, "验证码错误", "Verification code error"),
  CODE_TOO_FREQUENT: e(429, "验证码发送过于频繁", "Codes are sent too often, please wait a minute"),
  ACCOUNT_EXISTS: e(409, "用户名已存在", "Username or account already exists"),
  ACCOUNT_INVALID: e(400, "账号格式错误", "Account must be 4 to 32 letters, digits or _ . -, or an e-mail"),
  EMAIL_INVALID: e(400, "邮箱格式错误", "E-mail format is wrong"),
  EMAIL_ALREADY_BOUND: e(409, "邮箱已被绑定", "This e-mail is already bound"),
  EMAIL_NOT_BOUND: e(400, "请先绑定邮箱", "Please bind an e-mail first"),
  INVITE_CODE_INVALID: e(400, "邀请码错误", "Invitation code is wrong or the inviting user is missing"),
  OLD_PASSWORD_WRONG: e(400, "旧密码错误", "Old password is wrong"),
  PASSWORD_LENGTH: e(400, "密码长度为6-16位", "Password must be 6 to 16 characters"),
  PASSWORD_MISMATCH: e(400, "两次密码不一致", "The passwords do not match"),
  PASSWORD_SAME: e(400, "新密码不能与旧密码相同", "The new password must differ from the old one"),
  REAL_NAME_REQUIRED: e(403, "请先完成实名认证", "Please complete real-name verification first"),
  REAL_NAME_FAILED: e(400, "实名认证失败", "Real-name verification failed"),
  ID_NUMBER_VERIFIED: e(409, "证件号码已认证", "ID number already verified"),
  ALREADY_APPLIED: e(409, "已申请", "Already applied"),
  CERT_NO_INVALID: e(400, "证件号码格式错误", "The document number must be 4 to 32 letters or digits"),
  TRADE_ACCOUNT_SET: e(409, "交易账户已设置", "Trading account already set"),
  ACCOUNT_NOT_CREATED: e(404, "账户未创建", "Account not created"),
  WALLET_SIGN_INVALID: e(401, "钱包签名验证失败", "Wallet signature verification failed"),
  NONCE_INVALID: e(400, "签名随机数无效或已过期", "Sign-in request expired, please try again"),
  PASSKEY_CHALLENGE_INVALID: e(400, "通行密钥请求已过期或已使用", "This passkey request expired or was already used, please try again"),
  PASSKEY_UNKNOWN: e(400, "该通行密钥未在本账户登记", "This passkey is not registered to this account"),
  PASSKEY_INVALID: e(400, "通行密钥验证失败", "The passkey's answer could not be verified"),
  PASSKEY_COUNTER: e(400, "通行密钥计数器倒退，已拒绝", "Refused: this passkey's use counter went backwards, so it may have been copied"),
  PASSKEY_EXISTS: e(409, "该通行密钥已登记", "This passkey is already registered"),
  PASSKEY_LIMIT: e(400, "通行密钥数量已达上限", "You have the most passkeys allowed: remove one first"),
  PASSKEY_NAME_INVALID: e(400, "通行密钥名称为1-32个字符", "A passkey's name has 1 to 32 characters"),
  GOOGLE_CODE_INVALID: e(400, "谷歌验证码错误", "Google authenticator code is wrong"),
  GOOGLE_ALREADY_BOUND: e(409, "谷歌验证器已绑定", "Google authenticator is already bound"),
  GOOGLE_NOT_BOUND: e(400, "请先绑定谷歌验证器", "Please bind Google authenticator first"),
  ANTI_PHISHING_INVALID: e(400, "防钓鱼码为4-20位字母、数字、_或-", "The anti-phishing code must be 4 to 20 letters, digits, _ or -"),
  SESSION_NOT_FOUND: e(404, "登录设备不存在或已退出", "This session does not exist or has already ended"),
  PUSH_ENDPOINT_REFUSED: e(422, "不支持该推送服务地址", "This push service is not supported: use a browser's own push service over https"),
  PUSH_ENDPOINT_TAKEN: e(409, "此设备正在接收另一个账户的通知，请先在该设备上退出那个账户", "This device receives another account's notifications: log that account out on it first"),
  PUSH_KEYS_INVALID: e(422, "推送订阅密钥无效", "The push subscription's keys are not valid"),

  // wallet and balance
  WALLET_NOT_FOUND: e(404, "钱包不存在，请先添加", "Wallet not found, please add one first"),
  INSUFFICIENT_BALANCE: e(400, "余额不足", "Insufficient balance"),
  INSUFFICIENT_ACCOUNT_BALANCE: e(400, "账户余额不足", "Insufficient account balance"),
  INSUFFICIENT_FUND_BALANCE: e(400, "资金钱包余额不足", "Insufficient fund wallet balance"),
  INSUFFICIENT_COINS: e(400, "币种数量不足", "Insufficient coins"),
  INSUFFICIENT_TURNOVER: e(400, "流水不足", "Insufficient turnover volume"),
  FROZEN_ZERO: e(400, "冻结余额为0", "Frozen balance is 0"),
  CURRENCY_NOT_FOUND: e(404, "币种未添加或不存在", "Currency not added or does not exist"),
  CURRENCY_TYPE_WRONG: e(400, "币种类型错误", "Wrong currency type"),
  BALANCE_CHANGE_ABNORMAL: e(409, "钱包余额变动异常", "Wallet balance change abnormal"),
  WITHDRAW_EXCEEDS_HOLDINGS: e(400, "提币数量超过持有数量", "Withdrawal quantity exceeds holdings"),
  FROZEN_FUNDS_ABNORMAL: e(409, "冻结资金异常，禁止卖出", "Frozen funds abnormal, selling is forbidden"),

  // statements (finance/export)
  EXPORT_RANGE_REVERSED: e(400, "开始时间不能晚于结束时间", "The start of the range must not be after its end"),
  EXPORT_RANGE_TOO_LONG: e(400, "导出时间范围最长366天", "An export covers at most 366 days: choose a shorter range"),
  STATEMENT_RANGE_TOO_LONG: e(400, "对账单时间范围最长31天", "A statement covers at most 31 days: choose one month"),
  // price alerts
  ALERT_PRICE_REQUIRED: e(400, "请输入提醒价格", "Enter the price the alert watches for"),
  ALERT_RATE: e(400, "波动幅度须在0.1%至50%之间", "The move must be between 0.1 % and 50 %"),
  ALERT_WINDOW: e(400, "时间窗口须为1分钟、5分钟、1小时或1天", "The window must be 1 minute, 5 minutes, 1 hour or 1 day"),
  ALERTS_TOO_MANY: e(400, "最多可设置50个有效提醒", "You can have at most 50 active alerts: delete one first"),

  // trading
  PAIR_NOT_FOUND: e(404, "交易对不存在", "Trading pair not found"),
  PAIR_NOT_ACTIVE: e(403, "该交易对未开启交易", "Trading is not activated for this pair"),
  TRADING_CLOSED: e(403, "当前暂停交易", "Trading is currently closed"),
  /** The reason a TRADING_CLOSED names on `price` when the pair's last tick is too old (never a code of its own). */
  PRICES_PAUSED: e(403, "行情已暂停，最新价格过旧，暂不能交易", "Prices are paused: the last price is too old to trade on"),
  ORDER_NOT_CANCELLABLE: e(409, "订单不可撤销", "This order cannot be cancelled"),
  CANCEL_FAILED: e(409, "撤单失败", "Cancel failed"),
  TRADE_NOT_FOUND: e(404, "交易记录不存在或已撤销，请刷新重试", "Trade record not found or already cancelled, please refresh and retry"),
  STATUS_ABNORMAL: e(409, "状态异常，请勿重复提交", "Status abnormal, do not resubmit"),
  CLOSE_FAILED: e(409, "平仓失败，请重试", "Close failed, please retry"),
  CANNOT_CLOSE: e(409, "无法平仓", "The position cannot be closed"),
  POSITION_CLOSING: e(409, "仓位正在平仓中", "The position is being closed"),
  FEE_DEDUCTION_FAILED: e(409, "手续费扣除失败", "Fee deduction failed"),
  OPEN_LEVER_TRADE: e(409, "存在进行中的杠杆交易", "You have an open leveraged trade"),
  NO_TRADE_RECORDS: e(404, "暂无交易记录", "No trade records"),
  LIMIT_SELL_BELOW_PRICE: e(400, "限价卖出价格不能低于当前价", "A limit sell cannot be priced below the current price"),
  STOP_BUY_NOT_ABOVE_ASK: e(400, "止损买入的触发价须高于当前卖价", "A stop buy's stop price must be above the current ask"),
  STOP_SELL_NOT_BELOW_BID: e(400, "止损卖出的触发价须低于当前买价", "A stop sell's stop price must be below the current bid"),
  LONG_STOP_NOT_ABOVE_ASK: e(400, "买涨止损单的触发价须高于当前卖价", "A long stop order's stop price must be above the current ask"),
  SHORT_STOP_NOT_BELOW_BID: e(400, "买跌止损单的触发价须低于当前买价", "A short stop order's stop price must be below the current bid"),
  TRAIL_NEEDS_OPEN: e(400, "跟踪止损只能设置在已开仓的仓位上", "A trailing stop-loss can only be set on an open position"),
  SL_PRICE_OR_TRAIL: e(400, "止损价与跟踪止损只能二选一", "Set a stop-loss price or a trailing rate, not both"),
  TRAILING_RATE_RANGE: e(400, "跟踪比例须在 0.1% 至 20% 之间", "The trailing rate must be between 0.1 % and 20 %"),
  OCO_SELL_LIMIT_NOT_ABOVE_STOP: e(400, "OCO 卖出的限价须高于触发价", "In a sell OCO, the limit price must be above the stop price"),
  OCO_BUY_LIMIT_NOT_BELOW_STOP: e(400, "OCO 买入的限价须低于触发价", "In a buy OCO, the limit price must be below the stop price"),
  TP_ZERO: e(400, "止盈价不能为0", "Take-profit cannot be 0"),
  SL_ZERO: e(400, "止损价不能为0", "Stop-loss cannot be 0"),
  LONG_TP_TOO_LOW: e(400, "买涨止盈价不能低于开仓价和当前价", "For a long, take-profit must not be below the opening and current price"),
  LONG_SL_TOO_HIGH: e(400, "买涨止损价不能高于开仓价和当前价", "For a long, stop-loss must not be above the opening and current price"),
  SHORT_TP_TOO_HIGH: e(400, "买跌止盈价不能高于开仓价和当前价", "For a short, take-profit must not be above the opening and current price"),
  SHORT_SL_TOO_LOW: e(400, "买跌止损价不能低于开仓价和当前价", "For a short, stop-loss must not be below the opening and current price"),
  ORDER_BELOW_MIN: e(400, "下单数量低于最小值", "Order amount is below the minimum"),
  ORDER_ABOVE_MAX: e(400, "下单数量高于最大值", "Order amount is above the maximum"),
  QUANTITY_STEP: e(400, "数量必须是步长的整数倍", "Quantity must be a whole multiple of the step"),
  PRICE_NOT_POSITIVE: e(400, "价格必须大于0", "Price must be above 0"),
  QUANTITY_NOT_POSITIVE: e(400, "数量必须大于0", "Quantity must be above 0"),
  WRONG_DIRECTION: e(400, "购买方向错误", "Wrong purchase direction"),
  PID_EMPTY: e(400, "pid不能为空", "Product id cannot be empty"),
  BANK_CARD_REQUIRED: e(403, "请先绑定银行卡", "Please bind a bank card first"),
  LEVERAGE_NOT_ALLOWED: e(400, "该交易对不支持此杠杆倍数", "This leverage is not allowed for this pair"),
  LIMIT_BUY_ABOVE_PRICE: e(400, "限价买入价格不能高于当前价", "A limit buy cannot be priced above the current price"),
  TERM_CHANGE_PENDING: e(409, "该交易对此项条款已有待生效的变更，请先取消", "A change of this term is already announced for this pair: cancel it first"),
  TERM_CHANGE_STARTED: e(409, "该变更已生效或已取消", "This change has already taken effect or been cancelled"),
  TERM_NOTICE_RANGE: e(400, "通知期须为24至720小时的整数", "The notice period must be a whole number of hours from 24 to 720"),
  VENUE_NOT_FOUND: e(404, "行情源不存在", "No such price venue"),
  VENUE_NOT_SWITCHABLE: e(409, "只有加密货币行情源可以停用：该来源的交易对没有其他价格来源", "Only a crypto venue can be switched off: this source's pairs have no other price"),
  PRICE_PRECISION: e(400, "价格小数位数超出交易对精度", "The price has more decimals than this pair allows"),

  // deposit, hosting, loan
  PROJECT_NOT_FOUND: e(404, "项目不存在或已结束", "Project does not exist or has ended"),
  PROJECT_STATUS_ERROR: e(409, "项目状态错误", "Project status error"),
  MAX_PARTICIPANTS: e(409, "已达最大参与人数", "Maximum number of participants reached"),
  AMOUNT_BELOW_MIN: e(400, "金额低于最小值", "Amount is below the minimum"),
  AMOUNT_ABOVE_MAX: e(400, "金额高于最大值", "Amount is above the maximum"),
  AMOUNT_NOT_POSITIVE: e(400, "金额必须大于0", "Amount must be above 0"),
  AMOUNT_ERROR: e(400, "金额错误", "Amount error"),
  DEPOSIT_RECEIPT_NOT_FOUND: e(404, "充值凭证不存在", "Deposit receipt not found"),
  DEPOSIT_RECEIPT_STATUS: e(409, "充值凭证状态异常", "Deposit receipt status abnormal"),
  ILLEGAL_OPERATION: e(403, "非法操作", "Illegal operation"),
  ORDER_STATUS_ERROR: e(409, "订单状态错误", "Order status error"),
  PRODUCT_NOT_FOUND: e(404, "产品不存在", "Product does not exist"),

  // withdrawal
  ADDRESS_EXISTS: e(409, "地址已存在", "Address already exists"),
  ADDRESS_DELETE_FORBIDDEN: e(403, "无权删除该地址", "No permission to delete the address"),
  ADDRESS_REQUIRED: e(400, "请先添加提现地址", "Please add a withdrawal address first"),
  WITHDRAW_PENDING: e(409, "已有提现申请，请等待审核", "A request already exists, please wait for review"),
  ADDRESS_COOLING: e(403, "新添加的地址需等待后才能提现，可用时间：{time} UTC", "This address was added recently and can receive withdrawals from {time} UTC"),
  TRADE_PASSWORD_WRONG: e(400, "交易密码错误", "Trading password is incorrect"),
  TRADE_PASSWORD_REQUIRED: e(400, "请先设置交易密码", "Please set a trading password first"),
  STEP_UP_REQUIRED: e(403, "请输入交易密码或谷歌验证码以确认", "Confirm with your trading password or Google Authenticator code"),
  STEP_UP_WRONG: e(400, "安全验证失败", "Security check failed: the trading password or code is wrong"),
  WITHDRAW_BELOW_MIN: e(400, "提现数量低于最小值", "Quantity is below the minimum withdrawal"),
  WITHDRAW_LOCKED: e(403, "安全设置变更后24小时内不能提现", "Withdrawals are locked for 24 hours after a security change"),
  ADDRESS_INVALID: e(400, "钱包地址格式错误", "The wallet address format is wrong for this network"),
  DEPOSIT_PENDING_MAX: e(409, "您待审核的充值申请已达上限，请等待审核后再提交", "You have as many deposits waiting for review as allowed: wait until they are reviewed"),
  DEPOSIT_VOUCHER_REUSED: e(409, "该截图已用于您的充值单 #{order}", "This screenshot was already used for your deposit #{order}"),
  DEPOSIT_NETWORK_CLOSED: e(403, "该网络暂不支持充值", "Deposits on this network are not open, please contact customer service"),
  DEPOSIT_XPUB_PRIVATE: e(400, "这是扩展私钥（xprv），请填写扩展公钥（xpub）：服务器绝不保存私钥", "This is an extended private key (xprv): enter the extended public key (xpub); the server never holds a private key"),

  // first run: the one-time link that creates the first operator
  SETUP_LINK_INVALID: e(403, "设置链接无效或已过期", "This setup link is invalid, expired or already used"),
  OPERATOR_PASSWORD_SHORT: e(400, "操作员密码至少10位", "An operator's password must have at least 10 characters"),

  // generic
  PARAMETER_ERROR: e(400, "参数错误", "Parameter error"),
  MISSING_PARAMETER: e(400, "缺少参数", "Missing parameters"),
  DATA_NOT_FOUND: e(404, "数据不存在", "Data not found"),
  ILLEGAL_REQUEST: e(400, "非法请求", "Illegal request"),
  UNAUTHORIZED_OPERATION: e(403, "无权操作", "Unauthorized operation"),
  FEATURE_DISABLED: e(403, "功能未开启", "This function is not turned on"),
  CONFIG_ERROR: e(500, "配置错误", "Configuration error or missing"),
  REQUEST_EXCEPTION: requestErrors.REQUEST_EXCEPTION,
  TRY_AGAIN: e(503, "请稍后重试", "Please try again"),
  TOO_MANY_REQUESTS: e(429, "请求过于频繁，请稍后再试", "Too many requests, please try again later"),
  NOT_FOUND: e(404, "接口不存在", "This API does not exist"),
  IDEMPOTENCY_CONFLICT: e(409, "重复请求的参数不一致", "A repeated request must carry the same parameters"),
  UPLOAD_FAILED: e(400, "上传失败", "Upload failed"),
  FILE_TOO_LARGE: e(413, "文件大小超出限制", "File size exceeded"),
  FILE_EXISTS: e(409, "文件已存在", "File exists"),
  FILE_TYPE_WRONG: e(415, "文件类型错误", "Wrong file type"),
  FILE_HASH_MISMATCH: e(400, "文件校验失败", "File check failed, please upload again"),
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof errors;

export { successes, type SuccessCode, type SuccessDef } from "./successes";
import { successes } from "./successes";
export { notifications } from "./notifications";
import { notifications } from "./notifications";

/** The messages a screen may show by their key: errors and successes (the client's core catalogue). */
export function clientMessages(): { key: string; en: string }[] {
  return [...Object.values(errors), ...Object.values(successes)];
}

/** Every message the catalogues must translate, keyed by the wire key. */
export function allMessages(): { key: string; en: string }[] {
  return [...Object.values(errors), ...Object.values(successes), ...Object.values(notifications)];
}
