import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { DocumentSlug } from "@contract/content";

/** The five documents the app shows, by name (the documents page and the overview's setup checklist). */
export const DOCUMENT_NAMES: Record<DocumentSlug, MessageDescriptor> = {
  jgpz: msg`Regulatory license`,
  dc: msg`White paper`,
  fwxy: msg`Service agreement`,
  jkxy: msg`Loan agreement`,
  wire: msg`Wire transfer`,
};
