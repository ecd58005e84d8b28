import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { FaqCategory } from "@contract/content";

/** FAQ categories in the order users look for them, each named in every language (the app and the FAQ desk). */
export const FAQ_CATEGORIES: Record<FaqCategory, MessageDescriptor> = {
  account: msg`Account`,
  security: msg`Security`,
  kyc: msg`Identity verification`,
  deposit: msg`Deposits`,
  withdrawal: msg`Withdrawals`,
  trading: msg`Trading`,
  options: msg`Timed options`,
  earn: msg`Earn`,
  loans: msg`Loans`,
  referral: msg`Referral`,
  other: msg`Other`,
};
export const faqCategoryOrder = Object.keys(FAQ_CATEGORIES) as FaqCategory[];
