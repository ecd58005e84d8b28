-- Identity verification (KYC) and the images users upload for it.

-- Uploaded images, kept in the database (every API process sees them, backups include them). One copy of a file
-- per purpose: the same bytes (md5) uploaded again for the same purpose are the same image, which is how
-- duplicates are found. The bytes were checked before they got here (platform/uploads.ts: size, type from the
-- bytes, md5).
CREATE TABLE stored_images (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  purpose text NOT NULL,
  md5 text NOT NULL CHECK (md5 ~ '^[0-9a-f]{32}$'),
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX stored_images_purpose_md5 ON stored_images (purpose, md5);
CREATE INDEX stored_images_user ON stored_images (user_id);

-- Every verification a user submitted; the latest one is what users.review_status describes.
CREATE TABLE kyc_submissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  country text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  cert_type text NOT NULL CHECK (cert_type IN ('id_card', 'passport', 'driver_license')),
  -- Normalised: upper case, no spaces, dots or dashes.
  cert_no text NOT NULL,
  front_image_id bigint NOT NULL REFERENCES stored_images (id),
  back_image_id bigint NOT NULL REFERENCES stored_images (id),
  hand_image_id bigint NOT NULL REFERENCES stored_images (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'rejected')),
  reason text,
  reviewed_by bigint REFERENCES operators (id),
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'rejected' OR reason IS NOT NULL)
);
CREATE INDEX kyc_submissions_user ON kyc_submissions (user_id, id);
CREATE INDEX kyc_submissions_pending ON kyc_submissions (id) WHERE status = 'pending';
-- A user has at most one submission waiting or passed: a second one is "already applied".
CREATE UNIQUE INDEX kyc_submissions_open ON kyc_submissions (user_id) WHERE status IN ('pending', 'passed');
-- An ID number can be verified only once (two operators approving two users with one number at once: one wins).
CREATE UNIQUE INDEX kyc_submissions_verified_number ON kyc_submissions (cert_type, cert_no) WHERE status = 'passed';
CREATE INDEX kyc_submissions_number ON kyc_submissions (cert_type, cert_no);
