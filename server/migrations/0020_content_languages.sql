-- Content in every interface language (issue 15). The existing columns hold the English original (the default
-- language, and the fallback); `translations` holds the other languages' versions by language code, e.g.
-- {"es": {"title": "...", "summary": "...", "body": "..."}}, with the same fields as the original and the same
-- sanitised HTML. A reader gets their language's version, else the English one marked as a fallback.
ALTER TABLE news_items ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE faq_entries ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
ALTER TABLE content_documents ADD COLUMN translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(translations) = 'object');
