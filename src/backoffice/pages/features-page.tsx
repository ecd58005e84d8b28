import { useEffect, useState } from "react";
import useSWR from "swr";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CountryFeature, FeatureSwitches } from "@contract/features";
import { successes } from "@contract/successes";
import { useAction } from "@/shared/api/use-action";
import { showToast } from "@/shared/state/store";
import { Skeleton } from "@/shared/ui/feedback";
import { TextField } from "@/shared/ui/field";
import { getFeatureSwitches, saveFeatureSwitches } from "../options-api";

const FEATURES: CountryFeature[] = ["options", "leverage", "earn", "loans"];

/**
 * Products switched off per country (admin; audited): users whose verified KYC country is listed see an explanation
 * instead of the product, and the server refuses it. Countries are ISO codes (FR, DE...).
 */
export function FeaturesPage() {
  const { t, i18n } = useLingui();
  const { data, mutate } = useSWR("backoffice/features", () => getFeatureSwitches({}, { silent: true }));
  const [text, setText] = useState<Record<CountryFeature, string> | null>(null);
  useEffect(() => {
    if (data) setText({ options: data.options.join(", "), leverage: data.leverage.join(", "), earn: data.earn.join(", "), loans: data.loans.join(", ") });
  }, [data]);
  const save = useAction(async () => {
    if (!text) return;
    const parse = (value: string) => value.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
    const switches: FeatureSwitches = { options: parse(text.options), leverage: parse(text.leverage), earn: parse(text.earn), loans: parse(text.loans) };
    const saved = await saveFeatureSwitches(switches);
    await mutate(saved, { revalidate: false });
    showToast(i18n._(successes.SAVE.key), "success");
  });
  if (!text) return <Skeleton lines={6} />;
  const labels: Record<CountryFeature, string> = { options: t`Timed options`, leverage: t`Leveraged trading`, earn: t`Earn products`, loans: t`Loans` };
  return (
    <>
      <div className="bo__head">
        <h1>
          <Trans>Products by country</Trans>
        </h1>
      </div>
      <form className="form card" onSubmit={save.onSubmit} noValidate style={{ maxWidth: 720 }}>
        <p className="faint" style={{ fontSize: 13, margin: 0 }}>
          <Trans>List the countries (ISO codes, comma separated) where each product is switched off. Users are judged by their verified KYC country.</Trans>
        </p>
        {FEATURES.map((feature) => (
          <TextField
            key={feature}
            label={labels[feature]}
            name={`off_${feature}`}
            placeholder={t`FR, DE`}
            value={text[feature]}
            onChange={(e) => setText((x) => x && { ...x, [feature]: e.target.value })}
            error={save.errorOf(feature)}
          />
        ))}
        <button type="submit" className="btn btn--primary" style={{ maxWidth: 240 }} disabled={save.pending}>
          <Trans>Save</Trans>
        </button>
      </form>
    </>
  );
}
