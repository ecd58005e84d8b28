-- Content and support: news and notices, their read marks, users' personal messages, operator-provided documents,
-- the FAQ, and images uploaded for them. Every HTML column holds the server sanitizer's output (and is sanitised
-- again when read). Figures are written as placeholders ({withdraw_min}...) filled from the live configuration.

CREATE TABLE content_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL UNIQUE,
  data bytea NOT NULL,
  created_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- News articles and notices. lang NULL: shown in every language.
CREATE TABLE news_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('news', 'notice')),
  lang text CHECK (lang IN ('zh', 'en', 'es', 'it', 'jp', 'ko', 'pt', 'tw', 'vn', 'id')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  cover_image_id bigint REFERENCES content_images (id),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'unpublished')),
  pinned boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_by bigint REFERENCES operators (id),
  updated_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'published' OR published_at IS NOT NULL)
);
CREATE INDEX news_items_public ON news_items (kind, published_at DESC) WHERE status = 'published';

-- Which notices a user has read: one row per notice read, plus a mark "everything published before this is read".
CREATE TABLE notice_reads (
  user_id bigint NOT NULL REFERENCES users (id),
  news_id bigint NOT NULL REFERENCES news_items (id),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, news_id)
);
CREATE TABLE notice_read_marks (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  read_before timestamptz NOT NULL
);

-- Personal messages: from the system (other domains call notifyUser) or from an operator. Plain text.
CREATE TABLE user_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (char_length(body) <= 4000),
  sent_by bigint REFERENCES operators (id),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_messages_user ON user_messages (user_id, id DESC);
CREATE INDEX user_messages_unread ON user_messages (user_id) WHERE read_at IS NULL;

-- The five documents the app shows but never writes itself: absent or unpublished until an operator publishes one.
CREATE TABLE content_documents (
  slug text PRIMARY KEY CHECK (slug IN ('jgpz', 'dc', 'fwxy', 'jkxy', 'wire')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  body text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  updated_by bigint REFERENCES operators (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE faq_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category text NOT NULL CHECK (category IN ('account', 'security', 'kyc', 'deposit', 'withdrawal', 'trading', 'options', 'earn', 'loans', 'referral', 'other')),
  lang text CHECK (lang IN ('zh', 'en', 'es', 'it', 'jp', 'ko', 'pt', 'tw', 'vn', 'id')),
  question text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 300),
  answer text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT true,
  updated_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX faq_entries_category ON faq_entries (category, sort, id);

-- A fresh install is not empty, and says only what is true: a welcome notice, how deposits and withdrawals work
-- (from the real rules, with live figures), and FAQ answers. Documents stay unpublished until an operator writes them.
INSERT INTO news_items (kind, title, summary, body, status, pinned, published_at) VALUES
('notice', 'Welcome to TradeWise',
 'How to get started, and how you can check that every number is real.',
 $b$<p>Welcome! Three steps to get started:</p><ol><li><strong>Verify your identity</strong> (Account, KYC verification). Reviews are generally done within 24 hours.</li><li><strong>Deposit {deposit_currency}</strong>: send it to the receiving address shown on the deposit page, then upload the payment screenshot with the amount. An operator checks it and credits your wallet.</li><li><strong>Set a trading password</strong> (Account, Security centre): withdrawals ask for it.</li></ol><p>Every change to your balance is a ledger entry with its cause, and your financial records always add up to your balance. Every operator action is written to an audit log.</p><p>Questions? Read the <a href="#/pages/me/faq">FAQ</a> or contact customer service from the Service tab.</p>$b$,
 'published', true, now()),
('news', 'How deposits and withdrawals work',
 'Only {deposit_currency} is deposited. Withdrawals start at {withdraw_min} {withdraw_currency}, with a {withdraw_fee} {withdraw_currency} fee, after an operator review.',
 $b$<h2>Deposits</h2><ul><li>Only {deposit_currency} is deposited. Convert other currencies to {deposit_currency} first.</li><li>Choose the network, send {deposit_currency} to the platform's receiving address shown on the deposit page, then upload a screenshot of the payment with the amount you sent. One deposit is between {deposit_min} and {deposit_max} {deposit_currency}.</li><li>An operator compares your screenshot with the transfer received, then approves it (your wallet is credited) or rejects it with a reason you can read in your deposit records.</li><li>While a deposit is pending you can cancel it, if you did not send the money.</li><li>A screenshot can back one deposit only.</li></ul><h2>Withdrawals</h2><ul><li>The minimum is {withdraw_min} {withdraw_currency}. The fee is {withdraw_fee} {withdraw_currency}, deducted from the amount: withdrawing {withdraw_min} {withdraw_currency}, you receive {withdraw_min_receive} {withdraw_currency}. The form shows what you receive before you confirm.</li><li>You need a passed identity verification, a trading password, a withdrawal address saved in your address book, and no open leveraged position.</li><li>One request at a time: a new request waits until the pending one is reviewed.</li><li>The amount is frozen until an operator reviews the request: paid out (you see the transaction hash) or rejected (the amount returns to your available balance). {withdraw_currency} generally arrives within 24 hours of the request.</li><li>After a change of login password, trading password or Google 2FA, withdrawals pause for 24 hours, to protect you if someone else made the change.</li><li>Nothing else can hold a withdrawal back: there is no tax, unlock fee or turnover requirement on your own deposits.</li></ul>$b$,
 'published', false, now());

INSERT INTO faq_entries (category, sort, question, answer) VALUES
('account', 10, 'How do I register?',
 $a$<p>Use an account name (4 to 32 letters, digits or _ . -) or an e-mail address, a password of 6 to 16 characters and a valid invitation code. Registering with an e-mail address also needs the code we send to it.</p>$a$),
('account', 20, 'I forgot my password. What can I do?',
 $a$<p>On the login page choose "Forgot password": we send a code to the e-mail address bound to your account, and you choose a new password. If no e-mail address is bound, contact customer service.</p>$a$),
('account', 30, 'Why is my account frozen?',
 $a$<p>A frozen account cannot log in or trade. Contact customer service from the Service tab: they will tell you why and what to do.</p>$a$),
('security', 10, 'What is the trading password?',
 $a$<p>A second password, separate from your login password, asked for when you withdraw. Set it in Account, Security centre. It has 6 to 16 characters.</p>$a$),
('security', 20, 'Why are withdrawals paused after I changed my password?',
 $a$<p>After a change of login password, trading password or Google 2FA, withdrawals pause for 24 hours. If someone else made the change, this gives you time to react.</p>$a$),
('security', 30, 'How do I turn on Google 2FA?',
 $a$<p>In Security centre, Google 2FA: scan the QR code with an authenticator app, then confirm with the 6-digit code it shows.</p>$a$),
('kyc', 10, 'How long does identity verification take?',
 $a$<p>Generally within 24 hours. You need your country, names, document type and number, and photos of the front and back of the document and of you holding it. An ID number can be verified only once.</p>$a$),
('kyc', 20, 'What needs identity verification?',
 $a$<p>Withdrawals need a passed verification, and so do some other features: the app tells you when.</p>$a$),
('deposit', 10, 'How do I deposit?',
 $a$<ol><li>Open Deposit and choose the network.</li><li>Send {deposit_currency} to the receiving address shown (between {deposit_min} and {deposit_max} {deposit_currency}).</li><li>Upload the screenshot of the payment with the amount you sent.</li></ol><p>An operator checks it against the transfer received and credits your wallet, or rejects it with a reason shown in your deposit records. While it is pending you can cancel it.</p>$a$),
('deposit', 20, 'Can I deposit another currency, or by bank transfer?',
 $a$<p>Only {deposit_currency} is deposited: convert other currencies to {deposit_currency} in your wallets. For a bank transfer, contact customer service first; the bank-transfer page explains the steps.</p>$a$),
('deposit', 30, 'Why was my deposit rejected?',
 $a$<p>The reason is shown in your deposit records. Typical causes: the amount does not match the transfer received, the transfer was not found, or the screenshot was already used for another deposit.</p>$a$),
('withdrawal', 10, 'What are the withdrawal rules?',
 $a$<ul><li>Minimum {withdraw_min} {withdraw_currency}; fee {withdraw_fee} {withdraw_currency}, deducted from the amount (withdrawing {withdraw_min} you receive {withdraw_min_receive}).</li><li>Identity verification passed, a trading password, a saved withdrawal address, no open leveraged position.</li><li>One pending request at a time.</li></ul>$a$),
('withdrawal', 20, 'How long does a withdrawal take?',
 $a$<p>An operator reviews each request; {withdraw_currency} generally arrives within 24 hours of the request. Until then the amount is frozen. A rejected request returns the amount to your available balance, with the reason.</p>$a$),
('withdrawal', 30, 'Can anything else hold my withdrawal back?',
 $a$<p>No. Only the published rules apply (minimum, fee, review, one pending request, identity verification, the 24-hour pause after a security change). There is no tax, unlock fee or turnover requirement on your own deposits.</p>$a$),
('trading', 10, 'At what price are my trades settled?',
 $a$<p>At the recorded market price feed. Each settlement shows the price and the time of the tick it used. There is no per-user price. While the simulated market feed is active, price screens carry a "demo market data" badge.</p>$a$),
('trading', 20, 'What are take-profit and stop-loss?',
 $a$<p>Prices at which an open position closes by itself. Neither can be 0. For a long (buy up), take-profit must not be below the opening and current price, and stop-loss must not be above them; for a short (buy down), the other way round.</p>$a$),
('options', 10, 'What is a timed option?',
 $a$<p>You choose a pair, a direction (up or down), a duration with its payout rate, and a stake. When the time is up, the price at expiry is compared with the opening price.</p>$a$),
('options', 20, 'How is a timed option settled?',
 $a$<p>At the first tick at or after expiry, against the opening tick; both ticks (price and time) are shown with the result.</p><ul><li>Win: your stake comes back plus stake × payout rate.</li><li>Loss: the stake is lost.</li><li>Same price: the stake is refunded.</li></ul>$a$),
('options', 30, 'What is the expected value of a timed option?',
 $a$<p>A win pays less than the stake it risks: the payout rate is below 100%. With an even chance of winning, a trade with payout rate r is expected to lose stake × (1 − r) / 2. The trade screen shows the rate and the expected value before you confirm.</p>$a$),
('options', 40, 'Why can''t I trade options?',
 $a$<p>Timed options can be switched off per country, and a pair can be closed for trading. The app tells you which applies.</p>$a$),
('earn', 10, 'How does AI arbitrage pay?',
 $a$<p>The return follows the daily rate disclosed when you subscribe (shown as a daily rate and as APR), credited each day to your {deposit_currency} wallet; the principal returns at the end of the term. The product page shows the price differences between venues that the engine finds.</p>$a$),
('earn', 20, 'Can I end a hosting early?',
 $a$<p>Yes. Early termination returns your principal minus the disclosed penalty, which is shown before you confirm.</p>$a$),
('loans', 10, 'How is loan interest computed?',
 $a$<p>Interest = amount × daily rate × days, due at maturity together with the amount. An overdue loan adds the disclosed daily overdue fee. The application form shows the APR and the total to repay before you submit.</p>$a$),
('referral', 10, 'How does the referral reward work?',
 $a$<p>The Invite friends page shows your invitation code and link, and the current reward with its conditions.</p>$a$),
('other', 10, 'How can I check that my balance is right?',
 $a$<p>Your financial records list every ledger entry with its cause, and they add up to your balance. Operator actions are written to an audit log, and a manual adjustment appears in your records with its reason.</p>$a$);
