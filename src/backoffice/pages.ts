import { lazy, type ComponentType } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OperatorRole } from "@contract/backoffice";
import type { IconName } from "@/shared/ui/icons";

export interface BackofficePage {
  path: string;
  label: MessageDescriptor;
  icon: IconName;
  /** Roles that see the page (the server checks again on every call). */
  roles: OperatorRole[];
  component: ComponentType;
}

const ALL: OperatorRole[] = ["admin", "reviewer", "support"];

/** Whether an operator of this role (none yet: not signed in) opens the page at `path`. */
export const opensFor = (role: OperatorRole | undefined) => (path: string) => Boolean(role && backofficePages.some((p) => p.path === path && p.roles.includes(role)));

/** The back office's screens; each domain adds its own here. */
export const backofficePages: BackofficePage[] = [
  { path: "/", label: msg`Overview`, icon: "home", roles: ALL, component: lazy(() => import("./pages/overview-page").then((m) => ({ default: m.OverviewPage }))) },
  { path: "/audit", label: msg`Audit log`, icon: "record", roles: ["admin"], component: lazy(() => import("./pages/audit-page").then((m) => ({ default: m.AuditPage }))) },
  { path: "/deposits", label: msg`Deposits`, icon: "deposit", roles: ALL, component: lazy(() => import("./pages/deposits-page").then((m) => ({ default: m.DepositsPage }))) },
  { path: "/withdrawals", label: msg`Withdrawals`, icon: "withdraw", roles: ALL, component: lazy(() => import("./pages/withdrawals-page").then((m) => ({ default: m.WithdrawalsPage }))) },
  { path: "/kyc", label: msg`Identity verification`, icon: "user", roles: ["admin", "reviewer"], component: lazy(() => import("./pages/kyc-page").then((m) => ({ default: m.KycQueuePage }))) },
  { path: "/users", label: msg`Users`, icon: "users", roles: ["admin", "support"], component: lazy(() => import("./pages/users-page").then((m) => ({ default: m.UsersPage }))) },
  { path: "/funding-config", label: msg`Funding configuration`, icon: "settings", roles: ["admin"], component: lazy(() => import("./pages/funding-config-page").then((m) => ({ default: m.FundingConfigPage }))) },
  { path: "/chain", label: msg`On-chain deposits`, icon: "deposit", roles: ["admin"], component: lazy(() => import("./pages/chain-page").then((m) => ({ default: m.ChainPage }))) },
  { path: "/proof", label: msg`Proof of reserves`, icon: "shield", roles: ALL, component: lazy(() => import("./pages/proof-page").then((m) => ({ default: m.ProofPage }))) },
  { path: "/ledger", label: msg`Ledger`, icon: "bank", roles: ["admin"], component: lazy(() => import("./pages/ledger-page").then((m) => ({ default: m.LedgerPage }))) },
  { path: "/pairs", label: msg`Pairs`, icon: "chart", roles: ["admin"], component: lazy(() => import("./pages/pairs-page").then((m) => ({ default: m.PairsPage }))) },
  { path: "/positions", label: msg`Positions`, icon: "trade", roles: ALL, component: lazy(() => import("./pages/positions-page").then((m) => ({ default: m.PositionsPage }))) },
  { path: "/leverage", label: msg`Leverage rules`, icon: "settings", roles: ["admin"], component: lazy(() => import("./pages/leverage-rules-page").then((m) => ({ default: m.LeverageRulesPage }))) },
  { path: "/spot", label: msg`Spot orders`, icon: "swap", roles: ALL, component: lazy(() => import("./pages/spot-orders-page").then((m) => ({ default: m.SpotOrdersPage }))) },
  { path: "/spot-fees", label: msg`Spot fees`, icon: "settings", roles: ["admin"], component: lazy(() => import("./pages/spot-fees-page").then((m) => ({ default: m.SpotFeesPage }))) },
  { path: "/loans", label: msg`Loans`, icon: "bank", roles: ["admin", "reviewer"], component: lazy(() => import("./pages/loans-page").then((m) => ({ default: m.LoansPage }))) },
  { path: "/earn", label: msg`Earn products`, icon: "robot", roles: ALL, component: lazy(() => import("./pages/earn-products-page").then((m) => ({ default: m.EarnProductsPage }))) },
  { path: "/options", label: msg`Timed options`, icon: "trade", roles: ALL, component: lazy(() => import("./pages/options-page").then((m) => ({ default: m.OptionsPage }))) },
  { path: "/option-periods", label: msg`Option periods`, icon: "settings", roles: ["admin"], component: lazy(() => import("./pages/options-periods-page").then((m) => ({ default: m.OptionsPeriodsPage }))) },
  { path: "/referral", label: msg`Referral programme`, icon: "gift", roles: ["admin"], component: lazy(() => import("./pages/referral-page").then((m) => ({ default: m.ReferralPage }))) },
  { path: "/features", label: msg`Products by country`, icon: "settings", roles: ["admin"], component: lazy(() => import("./pages/features-page").then((m) => ({ default: m.FeaturesPage }))) },
  { path: "/feed", label: msg`Feed status`, icon: "trade", roles: ALL, component: lazy(() => import("./pages/feed-page").then((m) => ({ default: m.FeedPage }))) },
  // content and support: admins and support staff (documents and the support contact are saved by admins only)
  { path: "/news", label: msg`News and notices`, icon: "news", roles: ["admin", "support"], component: lazy(() => import("./pages/news-desk-page").then((m) => ({ default: m.NewsDeskPage }))) },
  { path: "/messages", label: msg`Messages to users`, icon: "mail", roles: ["admin", "support"], component: lazy(() => import("./pages/messages-page").then((m) => ({ default: m.MessagesPage }))) },
  { path: "/faq", label: msg`FAQ`, icon: "help", roles: ["admin", "support"], component: lazy(() => import("./pages/faq-desk-page").then((m) => ({ default: m.FaqDeskPage }))) },
  { path: "/documents", label: msg`Documents`, icon: "file", roles: ["admin", "support"], component: lazy(() => import("./pages/documents-page").then((m) => ({ default: m.DocumentsPage }))) },
  { path: "/support-chat", label: msg`Support chat`, icon: "headset", roles: ["admin", "support"], component: lazy(() => import("./pages/support-desk-page").then((m) => ({ default: m.SupportDeskPage }))) },
  { path: "/support", label: msg`Support contact`, icon: "headset", roles: ["admin", "support"], component: lazy(() => import("./pages/support-contact-page").then((m) => ({ default: m.SupportContactPage }))) },
];
