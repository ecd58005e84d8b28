import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { ImageField, type PickedImage } from "@/shared/ui/image-field";

export type { PickedImage };

/** The payment screenshot of a deposit: the kit's image picker, as the `voucher` part of wallet/charge_req. */
export function VoucherField({ label, value, onChange, error }: { label: ReactNode; value: PickedImage | null; onChange: (picked: PickedImage | null) => void; error?: string }) {
  return (
    <ImageField
      label={label}
      name="voucher"
      value={value}
      onChange={onChange}
      error={error}
      prompt={<Trans>Tap to choose the screenshot of your transfer</Trans>}
    />
  );
}
