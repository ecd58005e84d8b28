-- One store for every uploaded image (issue 17): content images (content_images) and deposit screenshots
-- (deposit_vouchers) move into stored_images beside KYC, loan and support images, so one check and one store serve
-- every upload. Their rows get new ids; the references to them follow, and the old tables go.

-- Content images are uploaded by operators, every other purpose by users; an old content image may name nobody.
ALTER TABLE stored_images ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE stored_images ADD COLUMN operator_id bigint REFERENCES operators (id);
ALTER TABLE stored_images ADD CONSTRAINT stored_images_uploader CHECK (
  CASE WHEN purpose = 'content' THEN user_id IS NULL ELSE user_id IS NOT NULL AND operator_id IS NULL END
);

-- One copy of a file per purpose, except deposit screenshots: a cancelled deposit frees its screenshot for a new
-- deposit, which keeps its own copy (deposits_voucher_once refuses one screenshot behind two live deposits).
DROP INDEX stored_images_purpose_md5;
CREATE UNIQUE INDEX stored_images_purpose_md5 ON stored_images (purpose, md5) WHERE purpose <> 'deposit';

-- The moved rows' ids come after every id the three tables ever showed: content images are served as immutable
-- (`api/news/image/:id`), so an id a browser has cached must never come to name another picture.
SELECT setval(pg_get_serial_sequence('stored_images', 'id'), coalesce(highest, 1), highest IS NOT NULL)
FROM (SELECT greatest((SELECT max(id) FROM stored_images), (SELECT max(id) FROM content_images), (SELECT max(id) FROM deposit_vouchers)) AS highest) AS ids;

ALTER TABLE content_images ADD COLUMN stored_id bigint;
UPDATE content_images SET stored_id = nextval(pg_get_serial_sequence('stored_images', 'id'));
ALTER TABLE deposit_vouchers ADD COLUMN stored_id bigint;
UPDATE deposit_vouchers SET stored_id = nextval(pg_get_serial_sequence('stored_images', 'id'));

-- The store's md5 is the bytes' own (content images only kept a sha256).
INSERT INTO stored_images (id, user_id, operator_id, purpose, md5, content_type, size, data, created_at)
OVERRIDING SYSTEM VALUE
SELECT stored_id, NULL, created_by, 'content', md5(data), content_type, size, data, created_at FROM content_images;
INSERT INTO stored_images (id, user_id, operator_id, purpose, md5, content_type, size, data, created_at)
OVERRIDING SYSTEM VALUE
SELECT stored_id, user_id, NULL, 'deposit', md5(data), content_type, size, data, created_at FROM deposit_vouchers;

ALTER TABLE news_items DROP CONSTRAINT news_items_cover_image_id_fkey;
UPDATE news_items SET cover_image_id = c.stored_id FROM content_images c WHERE news_items.cover_image_id = c.id;
ALTER TABLE news_items ADD CONSTRAINT news_items_cover_image_id_fkey FOREIGN KEY (cover_image_id) REFERENCES stored_images (id);

-- A deposit naming no kept screenshot (reading it already answered "not found") is cleared: kept, its number could
-- name another image of the one store.
UPDATE deposits SET voucher_upload_id = NULL
WHERE voucher_upload_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM deposit_vouchers v WHERE v.id = deposits.voucher_upload_id);
UPDATE deposits SET voucher_upload_id = v.stored_id FROM deposit_vouchers v WHERE deposits.voucher_upload_id = v.id;
ALTER TABLE deposits ADD CONSTRAINT deposits_voucher_upload_id_fkey FOREIGN KEY (voucher_upload_id) REFERENCES stored_images (id);

DROP TABLE content_images;
DROP TABLE deposit_vouchers;
