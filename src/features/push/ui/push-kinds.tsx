import { useId, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { PUSH_KINDS, type PushKind } from "@contract/push-kinds";
import { useAction } from "@/shared/api/use-action";
import { Icon } from "@/shared/ui/icons";
import { savePushSettings, usePushSettings } from "../api/push";
import { pushSupport } from "../model/device";

function KindLabel({ kind }: { kind: PushKind }): ReactNode {
  switch (kind) {
    case "fill":
      return <Trans>Limit orders filled</Trans>;
    case "close":
      return <Trans>Take-profit, stop-loss and liquidation</Trans>;
    case "margin_warning":
      return <Trans>Margin warnings</Trans>;
    case "option_result":
      return <Trans>Option results</Trans>;
    case "deposit":
      return <Trans>Deposits</Trans>;
    case "withdrawal":
      return <Trans>Withdrawals</Trans>;
    case "kyc":
      return <Trans>Identity verification</Trans>;
    case "loan":
      return <Trans>Loans</Trans>;
    case "support":
      return <Trans>Customer service replies</Trans>;
    case "alert":
      return <Trans>Price alerts</Trans>;
  }
}

function KindSwitch({ kind, checked, disabled, onChange }: { kind: PushKind; checked: boolean; disabled: boolean; onChange(value: boolean): void }) {
  const label = useId();
  return (
    <div className="setting">
      <div className="setting__text">
        <span id={label}>
          <KindLabel kind={kind} />
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={label}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid={`push-kind-${kind}`}
      />
    </div>
  );
}

/**
 * What reaches this device while the app is closed (Web Push), kind by kind. Every switch is off and disabled until
 * notifications are allowed and this device is subscribed (`active`); the choice is the account's, on every device.
 * Where the platform cannot receive pushes it says so, and how to get them on iPhone and iPad (`explain`: unless the
 * screen already said that this browser shows no notifications at all).
 */
export function PushKinds({ active, explain = true }: { active: boolean; explain?: boolean }) {
  const support = pushSupport();
  const { data, mutate } = usePushSettings(active);
  const save = useAction(async (kind: PushKind, value: boolean) => {
    // Shown at once; the server's answer (every kind) replaces it.
    const saved = mutate(savePushSettings({ kinds: { [kind]: value } }, { loading: false }), {
      optimisticData: (current) => (current ? { kinds: { ...current.kinds, [kind]: value } } : current!),
      rollbackOnError: true,
      revalidate: false,
    });
    await saved;
  });
  return (
    <>
      <h2 className="section__title">
        <Trans>When the app is closed</Trans>
      </h2>
      {!active && support === "supported" && (
        <p className="faint" style={{ margin: "0 0 8px", fontSize: 13 }} data-testid="push-kinds-hint">
          <Trans>Turn on system notifications above, then choose what reaches this device.</Trans>
        </p>
      )}
      <div className="list" data-testid="push-kinds">
        {PUSH_KINDS.map((kind) => (
          <KindSwitch key={kind} kind={kind} checked={active && data?.kinds[kind] === true} disabled={!active || !data} onChange={(value) => void save.run(kind, value)} />
        ))}
      </div>
      {explain && support !== "supported" && (
        <div className="notice" role="note" style={{ marginTop: 12 }} data-testid="push-unsupported">
          <Icon name="info" size={18} />
          <span>
            {support === "needs-install" ? (
              <Trans>On iPhone and iPad, notifications reach the app only once it is on your Home Screen (iOS 16.4 or later): tap Share, then Add to Home Screen, and open it from there.</Trans>
            ) : (
              <Trans>This browser can't receive notifications while the app is closed. Messages still wait for you in the message centre.</Trans>
            )}
          </span>
        </div>
      )}
    </>
  );
}
