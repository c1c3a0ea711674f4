-- Issue 36: a form belongs to an account, and an API key reads its own account's forms only (KIT_FORMS_API_KEYS
-- entries <account>:<key>; a key without an account belongs to 'default'). Forms stored before keep working for
-- such keys: they become the 'default' account's. The twelve demo forms V2 seeded into every database (a
-- production PostgreSQL too) are removed here; the embedded default database gets them back, for the demo key's
-- account 'demo', from the server itself (FormStore.seedDemo). Runs on H2 (PostgreSQL mode) and PostgreSQL.
ALTER TABLE forms ADD COLUMN account VARCHAR(100) DEFAULT 'default' NOT NULL;
CREATE INDEX forms_account ON forms (account, id);
DELETE FROM forms WHERE id BETWEEN 1 AND 12 AND access_token IN ('00009e3779b1', '00013c6ef362', '0001daa66d13',
    '000278dde6c4', '000317156075', '0003b54cda26', '0004538453d7', '0004f1bbcd88', '00058ff34739', '00062e2ac0ea',
    '0006cc623a9b', '00076a99b44c');
