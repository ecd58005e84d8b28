import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { i18n } from "@/shared/i18n/i18n";
import type { FundingStatus } from "@contract/funding";
import { SelectField } from "@/shared/ui/field";

const STATUS: Record<FundingStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  review: msg`Under review`,
  succeeded: msg`Succeeded`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
};

export const statusText = (status: FundingStatus): string => i18n._(STATUS[status]);

/** Status filter of the money queues (pending first, as a queue). */
export function StatusFilter({ value, onChange }: { value: FundingStatus | ""; onChange: (value: FundingStatus | "") => void }) {
  const { t } = useLingui();
  return (
    <SelectField label={t`Status`} value={value} onChange={(e) => onChange(e.target.value as FundingStatus | "")}>
      <option value="">{t`All`}</option>
      {(Object.keys(STATUS) as FundingStatus[]).map((s) => (
        <option key={s} value={s}>
          {statusText(s)}
        </option>
      ))}
    </SelectField>
  );
}
