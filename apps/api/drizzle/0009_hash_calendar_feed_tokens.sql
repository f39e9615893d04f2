-- Calendar feed tokens are kept as their SHA-256 (base64url, no padding), like invite and share
-- links: the feeds made before keep working, their URLs are no longer readable from the table.
UPDATE "calendar_feeds"
SET "token" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');
