import { firstRoute, lazyPage, type LazyPage } from "./lazy-page";
import type { RouteMeta } from "./route-meta";
import { paths } from "@/shared/lib/paths";

export interface RouteDef extends RouteMeta {
  component: LazyPage;
  /** The real-name modal is not shown here (KYC, login, register). */
  noRealNameModal?: boolean;
}

const home = firstRoute(() => import("./home/home-page"), "HomePage");
const location = {
  choose: lazyPage(() => import("@/features/location/ui/choose-location-page"), "ChooseLocationPage"),
  open: lazyPage(() => import("@/features/location/ui/open-location-page"), "OpenLocationPage"),
};
const me = lazyPage(() => import("./account/account-page"), "AccountPage");
const auth = {
  login: firstRoute(() => import("@/features/auth/ui/login-page"), "LoginPage"),
  register: lazyPage(() => import("@/features/auth/ui/register-page"), "RegisterPage"),
  forget: lazyPage(() => import("@/features/auth/ui/forget-page"), "ForgetPage"),
  tipWallet: lazyPage(() => import("@/features/auth/ui/tip-wallet-page"), "TipWalletPage"),
};
const account = {
  language: lazyPage(() => import("@/features/account/ui/language-page"), "LanguagePage"),
  safeCenter: lazyPage(() => import("@/features/account/ui/safe-center-page"), "SafeCenterPage"),
  password: lazyPage(() => import("@/features/account/ui/password-page"), "PasswordPage"),
  payPassword: lazyPage(() => import("@/features/account/ui/pay-password-page"), "PayPasswordPage"),
  google: lazyPage(() => import("@/features/account/ui/google-page"), "GooglePage"),
  email: lazyPage(() => import("@/features/account/ui/email-page"), "EmailPage"),
  bank: lazyPage(() => import("@/features/account/ui/bank-page"), "BankPage"),
  antiPhishing: lazyPage(() => import("@/features/account/ui/anti-phishing-page"), "AntiPhishingPage"),
  sessions: lazyPage(() => import("@/features/account/ui/sessions-page"), "SessionsPage"),
  loginHistory: lazyPage(() => import("@/features/account/ui/login-history-page"), "LoginHistoryPage"),
  passkeys: lazyPage(() => import("@/features/account/ui/passkeys-page"), "PasskeysPage"),
  agreements: lazyPage(() => import("@/features/account/ui/agreements-page"), "AgreementsPage"),
  // Proof of reserves: the latest roots, verify my balance (offline too), the hashing rules.
  trust: lazyPage(() => import("@/features/proof/ui/trust-page"), "TrustPage"),
};
const markets = {
  // The market list and the chart with the spot ticket's entries (composed in app/spot).
  market: lazyPage(() => import("./spot/market-with-trade"), "MarketWithTradePage"),
  // The chart route is the only one that loads the chart library.
  kline: lazyPage(() => import("./spot/kline-with-trade"), "KlineWithTradePage"),
  alerts: lazyPage(() => import("@/features/alerts/ui/alerts-page"), "AlertsPage"),
};
const spot = {
  // The ticket with the alert bell (composed in app/spot: features never import each other).
  ticket: lazyPage(() => import("./spot/ticket-with-alert"), "SpotTicketWithAlertPage"),
  account: lazyPage(() => import("@/features/spot/ui/spot-account-page"), "SpotAccountPage"),
};
// The Order tab: every kind of order, each feature's list in its own tab (composed in app/orders).
const ordersTab = lazyPage(() => import("./orders/orders-tab"), "OrdersTab");
const trading = {
  // Contract (positions) and Options (timed options) tabs, composed in app/trade.
  strategy: lazyPage(() => import("./trade/strategy-page"), "StrategyTabsPage"),
  optionOrders: lazyPage(() => import("@/features/options/ui/options-orders-page"), "OptionsOrdersPage"),
  contractOrders: lazyPage(() => import("@/features/positions/ui/positions-page"), "ContractOrdersPage"),
  forexOrders: lazyPage(() => import("@/features/positions/ui/positions-page"), "ForexOrdersPage"),
  // The market's chart beside the positions' ticket: composed here (features never import each other).
  forexDetail: lazyPage(() => import("./forex/forex-detail-page"), "ForexDetailPage"),
};
const earn = {
  // The earn products beside the market's scanner, and the form beside the wallet's balance: composed in app/.
  arbitrage: lazyPage(() => import("./earn/arbitrage-page"), "ArbitragePage"),
  detail: lazyPage(() => import("./earn/earn-detail-page"), "EarnDetailPage"),
  orders: lazyPage(() => import("@/features/earn/ui/orders-page"), "ArbitrageOrdersPage"),
  hosting: lazyPage(() => import("@/features/earn/ui/orders-page"), "HostingPage"),
};
const loans = {
  apply: lazyPage(() => import("@/features/loans/ui/loan-apply-page"), "LoanApplyPage"),
  records: lazyPage(() => import("@/features/loans/ui/loan-records-page"), "LoanRecordsPage"),
};
const notificationSettings = lazyPage(() => import("./pwa/notification-page"), "NotificationPage");
const webview = lazyPage(() => import("@/features/content/ui/webview-page"), "WebviewPage");
const kycPage = lazyPage(() => import("@/features/kyc/ui/kyc-page"), "KycPage");
const documentPage = (name: "LicencePage" | "WhitePaperPage" | "ServiceAgreementPage" | "LoanAgreementPage" | "WireTransferPage") =>
  lazyPage(() => import("@/features/content/ui/document-page"), name);
const content = {
  news: lazyPage(() => import("@/features/content/ui/news-page"), "NewsPage"),
  newsList: lazyPage(() => import("@/features/content/ui/news-list-page"), "NewsListPage"),
  newsDetail: lazyPage(() => import("@/features/content/ui/news-detail-page"), "NewsDetailPage"),
  messageDetail: lazyPage(() => import("@/features/content/ui/message-detail-page"), "MessageDetailPage"),
  faq: lazyPage(() => import("@/features/content/ui/faq-page"), "FaqPage"),
  options: lazyPage(() => import("@/features/content/ui/options-page"), "OptionsPage"),
  // The Service tab opens the chat with customer service; the help centre and the contact sit beside it.
  service: lazyPage(() => import("./service/service-tab"), "ServiceTab"),
  licence: documentPage("LicencePage"),
  whitePaper: documentPage("WhitePaperPage"),
  serviceAgreement: documentPage("ServiceAgreementPage"),
  loanAgreement: documentPage("LoanAgreementPage"),
  wireTransfer: documentPage("WireTransferPage"),
};
const money = {
  wallets: lazyPage(() => import("@/features/wallet/ui/wallets-page"), "WalletsPage"),
  deposit: lazyPage(() => import("@/features/wallet/ui/deposit-page"), "DepositPage"),
  bankTransfer: lazyPage(() => import("@/features/wallet/ui/bank-transfer-page"), "BankTransferPage"),
  depositRecords: lazyPage(() => import("@/features/wallet/ui/deposit-records-page"), "DepositRecordsPage"),
  withdraw: lazyPage(() => import("@/features/wallet/ui/withdraw-page"), "WithdrawPage"),
  finance: lazyPage(() => import("@/features/wallet/ui/finance-page"), "FinancePage"),
  statement: lazyPage(() => import("@/features/wallet/ui/statement-page"), "StatementPage"),
  convert: lazyPage(() => import("@/features/wallet/ui/convert-page"), "ConvertPage"),
};

export const routes: RouteDef[] = [
  { path: paths.root, component: home, nav: "custom", tab: true },
  { path: paths.home, component: home, nav: "custom", tab: true },
  { path: paths.account, component: me, nav: "custom", tab: true },
  { path: paths.login, component: auth.login, nav: "default", public: true, noRealNameModal: true },
  { path: paths.register, component: auth.register, nav: "default", public: true, noRealNameModal: true },
  { path: paths.forget, component: auth.forget, nav: "default", public: true, noRealNameModal: true },
  { path: paths.tipWallet, component: auth.tipWallet, nav: "custom", public: true, noRealNameModal: true },
  { path: paths.language, component: account.language, nav: "custom", public: true, noRealNameModal: true },
  { path: paths.webview, component: webview, nav: "custom", public: true, noRealNameModal: true },
  { path: paths.safeCenter, component: account.safeCenter, nav: "default" },
  { path: paths.trust, component: account.trust, nav: "default" },
  { path: paths.password, component: account.password, nav: "default" },
  { path: paths.payPassword, component: account.payPassword, nav: "default" },
  { path: paths.google, component: account.google, nav: "default" },
  { path: paths.email, component: account.email, nav: "default" },
  { path: paths.bank, component: account.bank, nav: "default" },
  { path: paths.antiPhishing, component: account.antiPhishing, nav: "default" },
  { path: paths.sessions, component: account.sessions, nav: "default" },
  { path: paths.loginHistory, component: account.loginHistory, nav: "default" },
  { path: paths.passkeys, component: account.passkeys, nav: "default" },
  // The seed's system pages: pick a place (the bank card's recipient address), show one with a link to the maps app.
  { path: paths.chooseLocation, component: location.choose, nav: "default" },
  { path: paths.openLocation, component: location.open, nav: "default" },
  { path: paths.agreements, component: account.agreements, nav: "custom" },

  // markets
  { path: paths.market, component: markets.market, nav: "custom", tab: true },
  { path: paths.kline, component: markets.kline, nav: "custom" },
  { path: paths.alerts, component: markets.alerts, nav: "custom" },
  // money
  { path: paths.uploadVoucher, component: money.deposit, nav: "default" },
  { path: paths.bankTransfer, component: money.bankTransfer, nav: "default" },
  { path: paths.orderCharge, component: money.depositRecords, nav: "default" },
  { path: paths.orderWithdraw, component: money.withdraw, nav: "default" },
  { path: paths.orderFinance, component: money.finance, nav: "custom" },
  { path: paths.statement, component: money.statement, nav: "custom" },
  { path: paths.kyc, component: kycPage, nav: "default", noRealNameModal: true },
  { path: paths.convert, component: money.convert, nav: "custom" },
  { path: paths.wallets, component: money.wallets, nav: "custom" },
  // trading
  { path: paths.strategy, component: trading.strategy, nav: "custom" },
  { path: paths.strategyOrder, component: trading.optionOrders, nav: "custom" },
  { path: paths.orderTrade, component: ordersTab, nav: "default", tab: true },
  { path: paths.spotTrade, component: spot.ticket, nav: "custom" },
  { path: paths.orderContract, component: trading.contractOrders, nav: "custom" },
  { path: paths.orderStrategy, component: trading.optionOrders, nav: "custom" },
  { path: paths.spotAccount, component: spot.account, nav: "custom" },
  { path: paths.forexDetail, component: trading.forexDetail, nav: "custom" },
  { path: paths.forexOrder, component: trading.forexOrders, nav: "custom" },
  // earn and loans
  { path: paths.arbitrage, component: earn.arbitrage, nav: "custom" },
  { path: paths.arbitrageDetail, component: earn.detail, nav: "custom" },
  { path: paths.arbitrageOrder, component: earn.orders, nav: "custom" },
  { path: paths.hostingOrders, component: earn.hosting, nav: "custom" },
  { path: paths.loanApply, component: loans.apply, nav: "custom" },
  { path: paths.loanRecords, component: loans.records, nav: "custom" },
  // referral, content and support
  { path: paths.friend, component: lazyPage(() => import("@/features/referral/ui/friend-page"), "FriendPage"), nav: "custom" },
  { path: paths.news, component: content.news, nav: "default" },
  { path: paths.newsList, component: content.newsList, nav: "default" },
  { path: paths.newsDetail, component: content.newsDetail, nav: "default" },
  { path: paths.messageDetail, component: content.messageDetail, nav: "default" },
  { path: paths.faq, component: content.faq, nav: "custom" },
  { path: paths.optionsHelp, component: content.options, nav: "custom" },
  { path: paths.licence, component: content.licence, nav: "custom" },
  { path: paths.whitePaper, component: content.whitePaper, nav: "custom" },
  { path: paths.serviceAgreement, component: content.serviceAgreement, nav: "custom" },
  { path: paths.loanAgreement, component: content.loanAgreement, nav: "custom" },
  { path: paths.wireTransfer, component: content.wireTransfer, nav: "custom" },
  { path: paths.service, component: content.service, nav: "custom", tab: true },
  { path: paths.notifications, component: notificationSettings, nav: "custom" },
];

export const routeByPath = new Map(routes.map((route) => [route.path, route]));

/**
 * Starts loading the screen the first render will show, before that render (main.tsx, once the stored session is
 * read): its chunks then load beside the catalogue and the offline copy of server data, the preload links are
 * appended in a task of their own instead of inside the first render's, and the render draws the page at once. A
 * visitor on a page that needs a session gets the login screen (the access guard's redirect).
 */
export function preloadRoute(path: string, signedIn: boolean): void {
  const route = routeByPath.get(path) ?? routeByPath.get(paths.home)!;
  (route.public || signedIn ? route : routeByPath.get(paths.login)!).component.preload();
}
