import { useEffect, useId, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { IMAGE_UPLOAD_TYPES, UPLOAD_MAX_BYTES_DEFAULT } from "@contract/constants";
import { errors } from "@contract/messages";
import { fileMd5 } from "../lib/file-md5";
import { Spinner } from "./feedback";
import { Icon, type IconName } from "./icons";
import "./image-field.css";

export interface PickedImage {
  file: File;
  /** md5 (hex) of the file's bytes: the server recomputes it and refuses a mismatch or a file it already has. */
  md5: string;
}

const MB = 1024 * 1024;

/** "830 KB", "1.2 MB": a file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0).replace(/\.0$/, "")} MB`;
}

/**
 * Picks one image (JPEG, PNG or WebP), shows it, and hands over the file with its md5 (spark-md5). The field says
 * which types and how large; a file too large, or one the phone itself calls something else than an image, is
 * refused here at once with the server's own translated message. The server checks everything again from the
 * bytes (a PDF renamed to .png passes this screen and is refused there): `error` shows its answer.
 */
export function ImageField({
  label,
  name,
  value,
  onChange,
  error,
  prompt,
  hint,
  icon = "plus",
  compact = false,
  maxBytes = UPLOAD_MAX_BYTES_DEFAULT,
}: {
  label: ReactNode;
  /** The form field name (the multipart part the server reads). */
  name: string;
  value: PickedImage | null;
  onChange: (picked: PickedImage | null) => void;
  /** Already translated (e.g. `submit.errorOf(name)`). */
  error?: string;
  /** What to photograph, inside the empty picker. */
  prompt?: ReactNode;
  /** Guidance under the picker (the default names the types and the size limit). */
  hint?: ReactNode;
  icon?: IconName;
  /** A smaller tile, for pickers side by side. */
  compact?: boolean;
  maxBytes?: number;
}) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [preview, setPreview] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  // The browser could not draw the file (not really an image): say so instead of a broken picture.
  const [unreadable, setUnreadable] = useState(false);
  useEffect(() => {
    setUnreadable(false);
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const pick = async (file: File) => {
    setLocalError(null);
    if (file.size > maxBytes) {
      setLocalError(errors.FILE_TOO_LARGE.key);
      onChange(null);
      return;
    }
    if (file.type && !(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
      setLocalError(errors.FILE_TYPE_WRONG.key);
      onChange(null);
      return;
    }
    setReading(true);
    try {
      onChange({ file, md5: await fileMd5(file) });
    } catch {
      setLocalError(errors.UPLOAD_FAILED.key);
      onChange(null);
    } finally {
      setReading(false);
    }
  };

  const shownError = localError ? i18n._(localError) : error;
  const limit = formatFileSize(maxBytes);
  return (
    <div className={`field image-field${compact ? " image-field--compact" : ""}${shownError ? " field--error" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`upload${preview ? " upload--filled" : ""}`}>
        {reading ? (
          <Spinner />
        ) : preview ? (
          <>
            {unreadable ? (
              <>
                <Icon name="file" size={compact ? 24 : 28} />
                <span>
                  <Trans>This file cannot be shown as a photo</Trans>
                </span>
              </>
            ) : (
              <img src={preview} alt={t`Preview of the chosen photo`} onError={() => setUnreadable(true)} />
            )}
            <span className="upload__change">
              <Icon name="swap" size={14} />
              <Trans>Change</Trans>
            </span>
          </>
        ) : (
          <>
            <Icon name={icon} size={compact ? 24 : 28} />
            <span>{prompt ?? <Trans>Tap to choose a photo</Trans>}</span>
          </>
        )}
        <input
          id={id}
          name={name}
          type="file"
          accept={IMAGE_UPLOAD_TYPES.join(",")}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void pick(file);
          }}
        />
      </div>
      {shownError ? (
        <div className="field__error" id={`${id}-note`} role="alert">
          {shownError}
        </div>
      ) : (
        <div className="field__hint" id={`${id}-note`}>
          {value ? (
            <span className="image-field__file">
              {value.file.name} · {formatFileSize(value.file.size)}
            </span>
          ) : (
            (hint ?? <Trans>JPEG, PNG or WebP, up to {limit}</Trans>)
          )}
        </div>
      )}
    </div>
  );
}
