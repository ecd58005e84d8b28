import type { ShippedTexts } from "./types";

/** The English originals: exactly the texts migrations/0007_content.sql seeds (the seeding matches rows by them). */
export const en: ShippedTexts = {
  news: {
    welcome: {
      title: "Welcome to TradeWise",
      summary: "How to get started, and how you can check that every number is real.",
      body: "<p>Welcome! Three steps to get started:</p><ol><li><strong>Verify your identity</strong> (Account, KYC verification). Reviews are generally done within 24 hours.</li><li><strong>Deposit {deposit_currency}</strong>: send it to the receiving address shown on the deposit page, then upload the payment screenshot with the amount. An operator checks it and credits your wallet.</li><li><strong>Set a trading password</strong> (Account, Security centre): withdrawals ask for it.</li></ol><p>Every change to your balance is a ledger entry with its cause, and your financial records always add up to your balance. Every operator action is written to an audit log.</p><p>Questions? Read the <a href=\"#/pages/me/faq\">FAQ</a> or contact customer service from the Service tab.</p>",
    },
    funding: {
      title: "How deposits and withdrawals work",
      summary: "Only {deposit_currency} is deposited. Withdrawals start at {withdraw_min} {withdraw_currency}, with a {withdraw_fee} {withdraw_currency} fee, after an operator review.",
      body: "<h2>Deposits</h2><ul><li>Only {deposit_currency} is deposited. Convert other currencies to {deposit_currency} first.</li><li>Choose the network, send {deposit_currency} to the platform's receiving address shown on the deposit page, then upload a screenshot of the payment with the amount you sent. One deposit is between {deposit_min} and {deposit_max} {deposit_currency}.</li><li>An operator compares your screenshot with the transfer received, then approves it (your wallet is credited) or rejects it with a reason you can read in your deposit records.</li><li>While a deposit is pending you can cancel it, if you did not send the money.</li><li>A screenshot can back one deposit only.</li></ul><h2>Withdrawals</h2><ul><li>The minimum is {withdraw_min} {withdraw_currency}. The fee is {withdraw_fee} {withdraw_currency}, deducted from the amount: withdrawing {withdraw_min} {withdraw_currency}, you receive {withdraw_min_receive} {withdraw_currency}. The form shows what you receive before you confirm.</li><li>You need a passed identity verification, a trading password, a withdrawal address saved in your address book, and no open leveraged position.</li><li>One request at a time: a new request waits until the pending one is reviewed.</li><li>The amount is frozen until an operator reviews the request: paid out (you see the transaction hash) or rejected (the amount returns to your available balance). {withdraw_currency} generally arrives within 24 hours of the request.</li><li>After a change of login password, trading password or Google 2FA, withdrawals pause for 24 hours, to protect you if someone else made the change.</li><li>Nothing else can hold a withdrawal back: there is no tax, unlock fee or turnover requirement on your own deposits.</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "How do I register?",
      answer: "<p>Use an account name (4 to 32 letters, digits or _ . -) or an e-mail address, a password of 6 to 16 characters and a valid invitation code. Registering with an e-mail address also needs the code we send to it.</p>",
    },
    "account.20": {
      question: "I forgot my password. What can I do?",
      answer: "<p>On the login page choose \"Forgot password\": we send a code to the e-mail address bound to your account, and you choose a new password. If no e-mail address is bound, contact customer service.</p>",
    },
    "account.30": {
      question: "Why is my account frozen?",
      answer: "<p>A frozen account cannot log in or trade. Contact customer service from the Service tab: they will tell you why and what to do.</p>",
    },
    "security.10": {
      question: "What is the trading password?",
      answer: "<p>A second password, separate from your login password, asked for when you withdraw. Set it in Account, Security centre. It has 6 to 16 characters.</p>",
    },
    "security.20": {
      question: "Why are withdrawals paused after I changed my password?",
      answer: "<p>After a change of login password, trading password or Google 2FA, withdrawals pause for 24 hours. If someone else made the change, this gives you time to react.</p>",
    },
    "security.30": {
      question: "How do I turn on Google 2FA?",
      answer: "<p>In Security centre, Google 2FA: scan the QR code with an authenticator app, then confirm with the 6-digit code it shows.</p>",
    },
    "kyc.10": {
      question: "How long does identity verification take?",
      answer: "<p>Generally within 24 hours. You need your country, names, document type and number, and photos of the front and back of the document and of you holding it. An ID number can be verified only once.</p>",
    },
    "kyc.20": {
      question: "What needs identity verification?",
      answer: "<p>Withdrawals need a passed verification, and so do some other features: the app tells you when.</p>",
    },
    "deposit.10": {
      question: "How do I deposit?",
      answer: "<ol><li>Open Deposit and choose the network.</li><li>Send {deposit_currency} to the receiving address shown (between {deposit_min} and {deposit_max} {deposit_currency}).</li><li>Upload the screenshot of the payment with the amount you sent.</li></ol><p>An operator checks it against the transfer received and credits your wallet, or rejects it with a reason shown in your deposit records. While it is pending you can cancel it.</p>",
    },
    "deposit.20": {
      question: "Can I deposit another currency, or by bank transfer?",
      answer: "<p>Only {deposit_currency} is deposited: convert other currencies to {deposit_currency} in your wallets. For a bank transfer, contact customer service first; the bank-transfer page explains the steps.</p>",
    },
    "deposit.30": {
      question: "Why was my deposit rejected?",
      answer: "<p>The reason is shown in your deposit records. Typical causes: the amount does not match the transfer received, the transfer was not found, or the screenshot was already used for another deposit.</p>",
    },
    "withdrawal.10": {
      question: "What are the withdrawal rules?",
      answer: "<ul><li>Minimum {withdraw_min} {withdraw_currency}; fee {withdraw_fee} {withdraw_currency}, deducted from the amount (withdrawing {withdraw_min} you receive {withdraw_min_receive}).</li><li>Identity verification passed, a trading password, a saved withdrawal address, no open leveraged position.</li><li>One pending request at a time.</li></ul>",
    },
    "withdrawal.20": {
      question: "How long does a withdrawal take?",
      answer: "<p>An operator reviews each request; {withdraw_currency} generally arrives within 24 hours of the request. Until then the amount is frozen. A rejected request returns the amount to your available balance, with the reason.</p>",
    },
    "withdrawal.30": {
      question: "Can anything else hold my withdrawal back?",
      answer: "<p>No. Only the published rules apply (minimum, fee, review, one pending request, identity verification, the 24-hour pause after a security change). There is no tax, unlock fee or turnover requirement on your own deposits.</p>",
    },
    "trading.10": {
      question: "At what price are my trades settled?",
      answer: "<p>At the recorded market price feed. Each settlement shows the price and the time of the tick it used. There is no per-user price. While the simulated market feed is active, price screens carry a \"demo market data\" badge.</p>",
    },
    "trading.20": {
      question: "What are take-profit and stop-loss?",
      answer: "<p>Prices at which an open position closes by itself. Neither can be 0. For a long (buy up), take-profit must not be below the opening and current price, and stop-loss must not be above them; for a short (buy down), the other way round.</p>",
    },
    "options.10": {
      question: "What is a timed option?",
      answer: "<p>You choose a pair, a direction (up or down), a duration with its payout rate, and a stake. When the time is up, the price at expiry is compared with the opening price.</p>",
    },
    "options.20": {
      question: "How is a timed option settled?",
      answer: "<p>At the first tick at or after expiry, against the opening tick; both ticks (price and time) are shown with the result.</p><ul><li>Win: your stake comes back plus stake × payout rate.</li><li>Loss: the stake is lost.</li><li>Same price: the stake is refunded.</li></ul>",
    },
    "options.30": {
      question: "What is the expected value of a timed option?",
      answer: "<p>A win pays less than the stake it risks: the payout rate is below 100%. With an even chance of winning, a trade with payout rate r is expected to lose stake × (1 − r) / 2. The trade screen shows the rate and the expected value before you confirm.</p>",
    },
    "options.40": {
      question: "Why can't I trade options?",
      answer: "<p>Timed options can be switched off per country, and a pair can be closed for trading. The app tells you which applies.</p>",
    },
    "earn.10": {
      question: "How does AI arbitrage pay?",
      answer: "<p>The return follows the daily rate disclosed when you subscribe (shown as a daily rate and as APR), credited each day to your {deposit_currency} wallet; the principal returns at the end of the term. The product page shows the price differences between venues that the engine finds.</p>",
    },
    "earn.20": {
      question: "Can I end a hosting early?",
      answer: "<p>Yes. Early termination returns your principal minus the disclosed penalty, which is shown before you confirm.</p>",
    },
    "loans.10": {
      question: "How is loan interest computed?",
      answer: "<p>Interest = amount × daily rate × days, due at maturity together with the amount. An overdue loan adds the disclosed daily overdue fee. The application form shows the APR and the total to repay before you submit.</p>",
    },
    "referral.10": {
      question: "How does the referral reward work?",
      answer: "<p>The Invite friends page shows your invitation code and link, and the current reward with its conditions.</p>",
    },
    "other.10": {
      question: "How can I check that my balance is right?",
      answer: "<p>Your financial records list every ledger entry with its cause, and they add up to your balance. Operator actions are written to an audit log, and a manual adjustment appears in your records with its reason.</p>",
    },
  },
  documents: {
    fwxy: {
      title: "Service agreement",
      body: "<p>This agreement is between you and the operator of this platform. By registering you accept it. The operator may replace this text; the version shown here is the one in force.</p><ol><li><strong>Your account.</strong> Keep your login password, trading password and authenticator to yourself. Every action made with them is treated as yours.</li><li><strong>Identity.</strong> Withdrawals and some products need a passed identity verification. Give true documents; an account opened with false ones may be closed.</li><li><strong>Your money.</strong> Every change to your balance is a ledger entry with its cause, shown in your financial records. Deposits and withdrawals are reviewed by an operator before they are credited or paid out.</li><li><strong>Risk.</strong> Contracts, timed options, forex and metals can lose part or all of what you put in. Read the risk warning of each product before you trade. Nothing here is investment advice.</li><li><strong>Fees.</strong> The fees of each product are shown before you confirm it. No other charge is taken from your balance.</li><li><strong>Conduct.</strong> Do not use the platform for money laundering, fraud or to break the law of your country. The operator may suspend an account that does, and keeps the records the law requires.</li><li><strong>Changes.</strong> A change to this agreement is announced in the notices before it applies. Questions: contact customer service from the Service tab.</li></ol>",
    },
  },
};
