import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Output, kyc } from "@contract";
import { REVIEW, UPLOAD_MAX_BYTES_DEFAULT } from "@contract/constants";
import { successes } from "@contract/successes";
import { refreshUserInfo } from "@/shared/api/user-info";
import { useAction } from "@/shared/api/use-action";
import { currentIntlLocale, formatDateTime, regionName } from "@/shared/i18n/format";
import { showToast, useAtomValue, userInfoAtom } from "@/shared/state/store";
import { EmptyState, Skeleton, Spinner } from "@/shared/ui/feedback";
import { DisabledReason, SelectField, TextField } from "@/shared/ui/field";
import { Icon, type IconName } from "@/shared/ui/icons";
import { formatFileSize, ImageField, type PickedImage } from "@/shared/ui/image-field";
import { Page } from "@/shared/ui/page";
import { KeyValue } from "@/shared/ui/key-value";
import { getKycPhoto } from "../api/kyc-photo";
import { useKycInfo } from "../api/kyc-info";
import { submitKyc } from "../api/submit-kyc";
import { countryOptions } from "../model/countries";
import "./kyc.css";

type Info = Output<typeof kyc.info>;
type CertType = "id_card" | "passport" | "driver_license";
type Side = "front" | "back" | "hand";

const CERT_TYPES: Record<CertType, MessageDescriptor> = {
  id_card: msg`ID card`,
  passport: msg`Passport`,
  driver_license: msg`Driver licence`,
};

/**
 * KYC (/pages/me/kyc): the verification form (country, names, document, three photos), then its review: pending
 * ("generally reviewed within 24 hours"), passed, or rejected with the operator's reason and a way to submit again.
 * The session's user follows every change, so the real-name modal and the badges elsewhere agree with this screen.
 */
export function KycPage() {
  const { data, error, isLoading, mutate } = useKycInfo();
  const user = useAtomValue(userInfoAtom);
  const [resubmitting, setResubmitting] = useState(false);
  // An operator decided while the app was open: bring the session's user (modal, badges) up to date.
  useEffect(() => {
    if (data && user && data.review_status !== user.review_status) void refreshUserInfo().catch(() => undefined);
  }, [data, user]);

  let body: ReactNode;
  if (!data) {
    body = isLoading || !error ? (
      <Skeleton lines={10} />
    ) : (
      <EmptyState icon="user">
        <p style={{ margin: "0 0 12px" }}>
          <Trans>Your verification could not be loaded.</Trans>
        </p>
        <button type="button" className="btn btn--primary btn--small" onClick={() => void mutate()}>
          <Trans>Retry</Trans>
        </button>
      </EmptyState>
    );
  } else if (data.review_status === REVIEW.PENDING || data.review_status === REVIEW.PASSED || (data.review_status === REVIEW.REJECTED && !resubmitting)) {
    body = <Review info={data} onResubmit={() => setResubmitting(true)} />;
  } else {
    body = <KycForm previous={data.review_status === REVIEW.REJECTED ? data : null} onSubmitted={() => setResubmitting(false)} />;
  }
  return (
    <Page title={<Trans>KYC verification</Trans>} nav="default">
      {body}
    </Page>
  );
}

function KycForm({ previous, onSubmitted }: { previous: Info | null; onSubmitted: () => void }) {
  const { t, i18n } = useLingui();
  const countries = useMemo(() => countryOptions(currentIntlLocale(i18n.locale)), [i18n.locale]);
  const [form, setForm] = useState({
    country: previous?.country ?? "",
    first_name: previous?.first_name ?? "",
    last_name: previous?.last_name ?? "",
    cert_type: (previous?.cert_type ?? "id_card") as CertType,
    cert_no: "",
  });
  const [photos, setPhotos] = useState<Record<Side, PickedImage | null>>({ front: null, back: null, hand: null });
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: event.target.value }));
  const setPhoto = (side: Side) => (picked: PickedImage | null) => setPhotos((p) => ({ ...p, [side]: picked }));

  const submit = useAction(async () => {
    const { front, back, hand } = photos;
    if (!front || !back || !hand) return;
    await submitKyc(
      { ...form, front_md5: front.md5, back_md5: back.md5, hand_md5: hand.md5 },
      { front: front.file, back: back.file, hand: hand.file },
    );
    showToast(i18n._(successes.SUBMIT_REVIEW.key), "success");
    onSubmitted();
  });
  const photoError = (side: Side) => submit.errorOf(side) ?? submit.errorOf(`${side}_md5`);
  // The first thing still missing, said beside the disabled button.
  const missing = !form.country
    ? t`Choose your country or region.`
    : !form.first_name.trim() || !form.last_name.trim()
      ? t`Enter your first and last name.`
      : !form.cert_no.trim()
        ? t`Enter the document number.`
        : !photos.front || !photos.back || !photos.hand
          ? t`Add the three photos.`
          : undefined;
  const complete = missing === undefined;
  const passport = form.cert_type === "passport";
  const limit = formatFileSize(UPLOAD_MAX_BYTES_DEFAULT);

  return (
    <form className="form" onSubmit={submit.onSubmit} noValidate>
      {previous?.reason && (
        <div className="notice" role="note">
          <Icon name="info" size={18} />
          <span>
            <Trans>Last time: {previous.reason}</Trans>
          </span>
        </div>
      )}
      <p className="muted" style={{ margin: 0, fontSize: 13 }}>
        <Trans>Enter your details exactly as they appear on your document.</Trans>
      </p>
      <div className="kyc-select">
        <SelectField label={<Trans>Country or region of the document</Trans>} name="country" value={form.country} onChange={set("country")} autoComplete="country">
          <option value="" disabled>
            {t`Choose a country`}
          </option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </SelectField>
        {submit.errorOf("country") && (
          <div className="field__error" role="alert">
            {submit.errorOf("country")}
          </div>
        )}
      </div>
      <div className="kyc-names">
        <TextField label={<Trans>First name</Trans>} name="first_name" autoComplete="given-name" maxLength={64} value={form.first_name} onChange={set("first_name")} error={submit.errorOf("first_name")} />
        <TextField label={<Trans>Last name</Trans>} name="last_name" autoComplete="family-name" maxLength={64} value={form.last_name} onChange={set("last_name")} error={submit.errorOf("last_name")} />
      </div>
      <SelectField label={<Trans>Document type</Trans>} name="cert_type" value={form.cert_type} onChange={set("cert_type")}>
        {(Object.keys(CERT_TYPES) as CertType[]).map((type) => (
          <option key={type} value={type}>
            {i18n._(CERT_TYPES[type])}
          </option>
        ))}
      </SelectField>
      <TextField
        label={<Trans>Document number</Trans>}
        name="cert_no"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={form.cert_no}
        onChange={set("cert_no")}
        error={submit.errorOf("cert_no")}
        hint={previous ? <Trans>For your safety the number you sent before is not shown: please type it again.</Trans> : undefined}
      />

      <h2 className="section__title" style={{ margin: "6px 0 0" }}>
        <Trans>Photos of the document</Trans>
      </h2>
      <ul className="kyc-guide">
        <li>
          <Icon name="check" size={16} />
          <Trans>The original document, valid, the whole of it in the frame.</Trans>
        </li>
        <li>
          <Icon name="check" size={16} />
          <Trans>Sharp and readable: no glare, no filters, no edits.</Trans>
        </li>
        <li>
          <Icon name="check" size={16} />
          <Trans>JPEG, PNG or WebP, up to {limit} each; three different photos.</Trans>
        </li>
      </ul>
      <div className="kyc-photos">
        <ImageField
          compact
          name="front"
          label={passport ? <Trans>Photo page</Trans> : <Trans>Front side</Trans>}
          prompt={passport ? <Trans>The page with your photo</Trans> : <Trans>The side with your photo</Trans>}
          icon="card"
          value={photos.front}
          onChange={setPhoto("front")}
          error={photoError("front")}
          hint={<span />}
        />
        <ImageField
          compact
          name="back"
          label={passport ? <Trans>Facing page</Trans> : <Trans>Back side</Trans>}
          prompt={passport ? <Trans>The page opposite the photo</Trans> : <Trans>The reverse side</Trans>}
          icon="card"
          value={photos.back}
          onChange={setPhoto("back")}
          error={photoError("back")}
          hint={<span />}
        />
        <div className="kyc-photos__wide">
          <ImageField
            name="hand"
            label={<Trans>Selfie holding the document</Trans>}
            prompt={<Trans>Hold the document next to your face; both must be clearly visible</Trans>}
            icon="user"
            value={photos.hand}
            onChange={setPhoto("hand")}
            error={photoError("hand")}
            hint={<span />}
          />
        </div>
      </div>
      <button type="submit" className="btn btn--primary" disabled={submit.pending || !complete}>
        <Trans>Submit for review</Trans>
      </button>
      <DisabledReason>{missing}</DisabledReason>
      <p className="faint" style={{ margin: 0, fontSize: 12, textAlign: "center" }}>
        <Trans>Your documents are used only to verify your identity and are seen only by our review team.</Trans>
      </p>
    </form>
  );
}

const STATE: Record<1 | 2 | 3, { icon: IconName; tone: string }> = {
  1: { icon: "file", tone: "warn" },
  2: { icon: "shield", tone: "up" },
  3: { icon: "info", tone: "danger" },
};

function Review({ info, onResubmit }: { info: Info; onResubmit: () => void }) {
  const { i18n } = useLingui();
  const status = info.review_status as 1 | 2 | 3;
  const submitted = formatDateTime(info.submitted_at);
  return (
    <>
      <section className={`card kyc-state kyc-state--${STATE[status].tone}`} data-testid="kyc-state" aria-live="polite">
        <span className="kyc-state__icon">
          <Icon name={STATE[status].icon} size={30} />
        </span>
        {status === REVIEW.PENDING && (
          <>
            <h2>
              <Trans>Under review</Trans>
            </h2>
            <p>
              <Trans>Your documents were received. Verification is generally reviewed within 24 hours; we will send you a message when it is done.</Trans>
            </p>
            <p className="faint">
              <Trans>Submitted {submitted}</Trans>
            </p>
          </>
        )}
        {status === REVIEW.PASSED && (
          <>
            <h2>
              <Trans>Identity verified</Trans>
            </h2>
            <p>
              <Trans>Your identity is verified. Withdrawals and every feature that needs verification are open to you.</Trans>
            </p>
          </>
        )}
        {status === REVIEW.REJECTED && (
          <>
            <h2>
              <Trans>Verification rejected</Trans>
            </h2>
            {info.reason && (
              <div className="kyc-state__reason" data-testid="kyc-reason">
                <span className="faint">
                  <Trans>Reason</Trans>
                </span>
                <span>{info.reason}</span>
              </div>
            )}
            <p>
              <Trans>Please correct what the reason says and submit again.</Trans>
            </p>
            <button type="button" className="btn btn--primary" onClick={onResubmit}>
              <Trans>Submit again</Trans>
            </button>
          </>
        )}
      </section>

      <h2 className="section__title">
        <Trans>What you submitted</Trans>
      </h2>
      <section className="card">
        <KeyValue label={<Trans>Name</Trans>}>
          <span>
            {info.first_name} {info.last_name}
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Country or region</Trans>}>
          <span>{info.country ? <CountryName code={info.country} /> : "-"}</span>
        </KeyValue>
        <KeyValue label={<Trans>Document</Trans>}>
          <span>
            {info.cert_type ? i18n._(CERT_TYPES[info.cert_type]) : "-"} <span className="num">{info.cert_no}</span>
          </span>
        </KeyValue>
        <KeyValue label={<Trans>Submitted</Trans>}>
          <span className="num">{submitted}</span>
        </KeyValue>
        {info.reviewed_at && (
          <KeyValue label={<Trans>Reviewed</Trans>}>
            <span className="num">{formatDateTime(info.reviewed_at)}</span>
          </KeyValue>
        )}
        <MyPhotos />
      </section>
    </>
  );
}

function CountryName({ code }: { code: string }) {
  const { i18n } = useLingui();
  return <>{regionName(code, currentIntlLocale(i18n.locale))}</>;
}

/** The three photos, fetched only when asked for and kept only in memory (never in the offline copy). */
function MyPhotos() {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const [photos, setPhotos] = useState<Partial<Record<Side, string>>>({});
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    for (const side of ["front", "back", "hand"] as const) {
      getKycPhoto({ side }, { silent: true, loading: false })
        .then((image) => live && setPhotos((p) => ({ ...p, [side]: `data:${image.content_type};base64,${image.data}` })))
        .catch(() => live && setFailed(true));
    }
    return () => {
      live = false;
    };
  }, [shown]);
  if (!shown) {
    return (
      <button type="button" className="btn btn--ghost btn--small" style={{ marginTop: 10 }} onClick={() => setShown(true)}>
        <Trans>Show my photos</Trans>
      </button>
    );
  }
  const alt: Record<Side, string> = { front: t`Front side`, back: t`Back side`, hand: t`Selfie holding the document` };
  return (
    <div className="kyc-thumbs">
      {(["front", "back", "hand"] as const).map((side) =>
        photos[side] ? <img key={side} src={photos[side]} alt={alt[side]} /> : <div key={side} className="kyc-thumbs__slot">{failed ? "-" : <Spinner small />}</div>,
      )}
    </div>
  );
}
