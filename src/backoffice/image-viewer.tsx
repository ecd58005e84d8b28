import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Spinner } from "@/shared/ui/feedback";
import { Modal } from "@/shared/ui/modal";
import "./image-viewer.css";

export interface ViewedImage {
  /** A data: or same-origin URL; null while it loads. */
  src: string | null;
  alt: string;
  caption?: ReactNode;
}

/** The back office's one image viewer: uploaded images (KYC photos, deposit screenshots) full width, side by side. */
export function ImageViewerModal({ open, title, facts, images, onClose }: { open: boolean; title: ReactNode; facts?: ReactNode; images: ViewedImage[]; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      }
    >
      {facts && (
        <div className="faint" style={{ fontSize: 12, marginBottom: 8 }}>
          {facts}
        </div>
      )}
      <div className="bo-photos">
        {images.map((image, i) => (
          <figure key={i}>
            {image.src ? (
              <img src={image.src} alt={image.alt} />
            ) : (
              <div className="bo-photos__slot">
                <Spinner small />
              </div>
            )}
            {image.caption && <figcaption>{image.caption}</figcaption>}
          </figure>
        ))}
      </div>
    </Modal>
  );
}
