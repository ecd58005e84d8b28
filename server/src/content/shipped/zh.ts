import type { ShippedTexts } from "./types";

/** Simplified Chinese (`zh`); `tw.ts` is Traditional Chinese with Taiwan's terms. */
export const zh: ShippedTexts = {
  news: {
    welcome: {
      title: "欢迎来到 TradeWise",
      summary: "如何开始使用，以及如何核实每一个数字都是真实的。",
      body: "<p>欢迎！三步开始使用：</p><ol><li><strong>完成身份认证</strong>（账户 › KYC 认证）。审核一般在 24 小时内完成。</li><li><strong>充值 {deposit_currency}</strong>：转账到充值页面显示的收款地址，然后上传带有金额的付款截图。运营人员核对后为您的钱包入账。</li><li><strong>设置交易密码</strong>（账户 › 安全中心）：提现时需要输入。</li></ol><p>您余额的每一次变动都是一笔注明原因的账本分录，您的资金记录加总始终等于您的余额。运营人员的每一项操作都会写入审计日志。</p><p>有疑问？请阅读<a href=\"#/pages/me/faq\">常见问题</a>，或在“服务”页联系客服。</p>",
    },
    funding: {
      title: "充值与提现说明",
      summary: "仅支持充值 {deposit_currency}。提现最低 {withdraw_min} {withdraw_currency}，手续费 {withdraw_fee} {withdraw_currency}，需经运营人员审核。",
      body: "<h2>充值</h2><ul><li>仅支持充值 {deposit_currency}。其他币种请先兑换为 {deposit_currency}。</li><li>选择网络，将 {deposit_currency} 转到充值页面显示的平台收款地址，然后上传带有转账金额的付款截图。单笔充值金额为 {deposit_min} 至 {deposit_max} {deposit_currency}。</li><li>运营人员将您的截图与实际到账的转账核对，然后通过（为您的钱包入账）或驳回并注明原因，原因可在充值记录中查看。</li><li>充值待审核期间，如果您没有转账，可以取消。</li><li>一张截图只能用于一笔充值。</li></ul><h2>提现</h2><ul><li>最低提现 {withdraw_min} {withdraw_currency}。手续费 {withdraw_fee} {withdraw_currency}，从提现金额中扣除：提现 {withdraw_min} {withdraw_currency}，实际到账 {withdraw_min_receive} {withdraw_currency}。确认前表单会显示实际到账金额。</li><li>您需要通过身份认证、设置交易密码、在地址簿中保存提现地址，并且没有未平仓的杠杆仓位。</li><li>每次只能有一笔申请：新的申请须等待待审核的申请处理完毕。</li><li>运营人员审核前，该金额处于冻结状态：审核后打款（可查看交易哈希）或驳回（金额退回可用余额）。{withdraw_currency} 一般在申请后 24 小时内到账。</li><li>修改登录密码、交易密码或谷歌验证后，提现暂停 24 小时，以防他人修改时保护您的资金。</li><li>除此之外，没有任何条件可以扣留提现：您自己的充值不收取任何税费、解冻费，也没有流水要求。</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "如何注册？",
      answer: "<p>使用账户名（4 至 32 个字母、数字或 _ . -）或电子邮箱地址、6 至 16 个字符的密码以及有效的邀请码。使用电子邮箱注册还需要输入我们发送到该邮箱的验证码。</p>",
    },
    "account.20": {
      question: "忘记密码怎么办？",
      answer: "<p>在登录页面选择“忘记密码？”：我们会向您账户绑定的电子邮箱发送验证码，然后您可以设置新密码。如果未绑定电子邮箱，请联系客服。</p>",
    },
    "account.30": {
      question: "为什么我的账户被冻结？",
      answer: "<p>被冻结的账户无法登录或交易。请在“服务”页联系客服：客服会告诉您原因和处理办法。</p>",
    },
    "security.10": {
      question: "什么是交易密码？",
      answer: "<p>与登录密码不同的第二个密码，提现时需要输入。请在 账户 › 安全中心 设置，长度为 6 至 16 个字符。</p>",
    },
    "security.20": {
      question: "为什么修改密码后提现被暂停？",
      answer: "<p>修改登录密码、交易密码或谷歌验证后，提现暂停 24 小时。如果修改并非您本人所为，这段时间可让您及时应对。</p>",
    },
    "security.30": {
      question: "如何开启谷歌验证？",
      answer: "<p>在 安全中心 › 谷歌验证 中，用身份验证器应用扫描二维码，然后输入应用显示的 6 位验证码确认。</p>",
    },
    "kyc.10": {
      question: "身份认证需要多长时间？",
      answer: "<p>一般在 24 小时内完成。您需要提供国家、姓名、证件类型和号码，以及证件正面、背面和手持证件的照片。一个证件号码只能认证一次。</p>",
    },
    "kyc.20": {
      question: "哪些功能需要身份认证？",
      answer: "<p>提现需要通过身份认证，其他一些功能也需要：需要时应用会提示您。</p>",
    },
    "deposit.10": {
      question: "如何充值？",
      answer: "<ol><li>打开“充值”并选择网络。</li><li>将 {deposit_currency} 转到显示的收款地址（{deposit_min} 至 {deposit_max} {deposit_currency}）。</li><li>上传带有转账金额的付款截图。</li></ol><p>运营人员会将其与实际到账的转账核对并为您的钱包入账，或驳回并在充值记录中显示原因。待审核期间您可以取消。</p>",
    },
    "deposit.20": {
      question: "可以充值其他币种或通过银行转账充值吗？",
      answer: "<p>仅支持充值 {deposit_currency}：请在钱包中将其他币种兑换为 {deposit_currency}。如需银行转账，请先联系客服；银行转账页面说明了具体步骤。</p>",
    },
    "deposit.30": {
      question: "为什么我的充值被驳回？",
      answer: "<p>原因显示在您的充值记录中。常见原因：金额与实际到账的转账不符、未找到该转账，或该截图已用于另一笔充值。</p>",
    },
    "withdrawal.10": {
      question: "提现规则是什么？",
      answer: "<ul><li>最低 {withdraw_min} {withdraw_currency}；手续费 {withdraw_fee} {withdraw_currency}，从提现金额中扣除（提现 {withdraw_min}，实际到账 {withdraw_min_receive}）。</li><li>已通过身份认证、已设置交易密码、已保存提现地址，并且没有未平仓的杠杆仓位。</li><li>同一时间只能有一笔待审核申请。</li></ul>",
    },
    "withdrawal.20": {
      question: "提现需要多长时间？",
      answer: "<p>每笔申请都由运营人员审核；{withdraw_currency} 一般在申请后 24 小时内到账。在此之前该金额处于冻结状态。被驳回的申请会将金额退回您的可用余额，并注明原因。</p>",
    },
    "withdrawal.30": {
      question: "还有其他情况会扣留我的提现吗？",
      answer: "<p>没有。只适用已公布的规则（最低金额、手续费、审核、一笔待审核申请、身份认证、安全设置变更后暂停 24 小时）。您自己的充值不收取任何税费、解冻费，也没有流水要求。</p>",
    },
    "trading.10": {
      question: "我的交易按什么价格结算？",
      answer: "<p>按记录的市场行情价格结算。每次结算都会显示所用报价（tick）的价格和时间。不存在针对个别用户的价格。模拟行情启用期间，价格页面会带有“演示行情数据”标记。</p>",
    },
    "trading.20": {
      question: "什么是止盈和止损？",
      answer: "<p>持仓自动平仓的价格。两者都不能为 0。做多（买涨）时，止盈不能低于开仓价和当前价，止损不能高于它们；做空（买跌）时则相反。</p>",
    },
    "options.10": {
      question: "什么是限时期权？",
      answer: "<p>您选择交易对、方向（涨或跌）、带有相应收益率的时长以及投入金额。到期时，将到期价格与开仓价格进行比较。</p>",
    },
    "options.20": {
      question: "限时期权如何结算？",
      answer: "<p>以到期时或到期后的第一个报价（tick）与开仓报价比较；两个报价（价格和时间）都会随结果一起显示。</p><ul><li>盈利：退还投入金额，另得 投入金额 × 收益率。</li><li>亏损：损失投入金额。</li><li>价格相同：退还投入金额。</li></ul>",
    },
    "options.30": {
      question: "限时期权的期望值是多少？",
      answer: "<p>盈利所得少于所承担风险的投入金额：收益率低于 100%。在输赢机会均等的情况下，收益率为 r 的交易预期亏损 投入金额 × (1 − r) / 2。交易页面会在您确认前显示收益率和期望值。</p>",
    },
    "options.40": {
      question: "为什么我不能交易期权？",
      answer: "<p>限时期权可能按国家关闭，某个交易对也可能暂停交易。应用会告诉您属于哪种情况。</p>",
    },
    "earn.10": {
      question: "AI 套利如何支付收益？",
      answer: "<p>收益按认购时公布的日利率计算（同时显示为日利率和年化收益率），每天计入您的 {deposit_currency} 钱包；本金在期满时返还。产品页面会显示引擎发现的各交易场所之间的价差。</p>",
    },
    "earn.20": {
      question: "托管可以提前结束吗？",
      answer: "<p>可以。提前终止将返还本金并扣除已公布的违约金，违约金会在您确认前显示。</p>",
    },
    "loans.10": {
      question: "贷款利息如何计算？",
      answer: "<p>利息 = 金额 × 日利率 × 天数，到期时连同本金一起偿还。逾期贷款另加已公布的每日逾期费。申请表会在您提交前显示年化利率和应还总额。</p>",
    },
    "referral.10": {
      question: "推荐奖励如何运作？",
      answer: "<p>“邀请好友”页面显示您的邀请码和邀请链接，以及当前的奖励及其条件。</p>",
    },
    "other.10": {
      question: "如何核实我的余额是否正确？",
      answer: "<p>您的资金记录列出每一笔账本分录及其原因，加总等于您的余额。运营人员的操作都会写入审计日志，人工调整会连同原因出现在您的记录中。</p>",
    },
  },
};
