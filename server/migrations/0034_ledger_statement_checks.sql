-- Issue 26: the ledger's own references are checked once per statement, not once per row.
--
-- A foreign key runs one lookup, with a row lock on the referenced row, for every posting inserted: a settlement
-- batch of 1,000 closes wrote about 4,000 postings and ran 8,000 such checks, about two thirds of its largest
-- statement's time (EXPLAIN ANALYZE). Every posting also share-locked its platform account, the one row all
-- concurrent postings name. Inside the ledger nothing needs those locks: its rows are never deleted and their ids never
-- change, which the triggers below now make true by construction, so a reference found once stays valid. One
-- anti-join per statement, on the rows the statement wrote, refuses the same orphans the foreign keys refused.
--
-- References to other domains' tables (users, and the tables that name entries and holds) keep their foreign keys.

ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_entry_id_fkey;
ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_id_fkey;
ALTER TABLE ledger_holds DROP CONSTRAINT ledger_holds_account_id_fkey;
ALTER TABLE ledger_holds DROP CONSTRAINT ledger_holds_hold_entry_id_fkey;
ALTER TABLE ledger_holds DROP CONSTRAINT ledger_holds_resolve_entry_id_fkey;

CREATE FUNCTION ledger_postings_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_postings n WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = n.entry_id))
     OR EXISTS (SELECT 1 FROM new_postings n WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id)) THEN
    RAISE EXCEPTION 'a ledger posting names an entry or an account that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_postings_references AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_references();

CREATE FUNCTION ledger_holds_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_holds n WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = n.account_id))
     OR EXISTS (SELECT 1 FROM new_holds n WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = n.hold_entry_id))
     OR EXISTS (SELECT 1 FROM new_holds n WHERE n.resolve_entry_id IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.id = n.resolve_entry_id)) THEN
    RAISE EXCEPTION 'a ledger hold names an entry or an account that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_holds_references_insert AFTER INSERT ON ledger_holds
  REFERENCING NEW TABLE AS new_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_holds_references();
CREATE TRIGGER ledger_holds_references_update AFTER UPDATE ON ledger_holds
  REFERENCING NEW TABLE AS new_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_holds_references();

-- What makes a reference found once stay valid. Entries and postings are append-only (README invariant 7): never
-- updated, deleted or truncated. Accounts and holds change (balances, a hold's resolution) but are never deleted.
-- Identity ids cannot be updated (GENERATED ALWAYS), and a hold's account and entry never change.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the ledger is append-only', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE OR TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_holds_kept BEFORE DELETE OR TRUNCATE ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_holds_fixed_references BEFORE UPDATE OF account_id, hold_entry_id, user_id, currency, amount ON ledger_holds
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
