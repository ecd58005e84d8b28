import { useEffect, useState } from "react";
import { Spinner } from "./feedback";

/** A QR code drawn on this device (the text never leaves it); the encoder loads only with the first QR. */
export function QrCode({ text, size = 176, label }: { text: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then((qr) =>
      qr.toDataURL(text, { margin: 1, width: size * 2, errorCorrectionLevel: "M" }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  return (
    <div className="qr" style={{ width: size + 24, minHeight: size + 24 }}>
      {src ? <img src={src} width={size} height={size} alt={label} /> : <Spinner />}
    </div>
  );
}
