-- Team page (issue 14): when each person last used the product, and invitations as their own kind of code, tied to
-- the organization and to who sent it (for the acceptance screen and the pending-invitation list).
ALTER TABLE users ADD COLUMN last_active_at timestamptz;

ALTER TABLE auth_codes DROP CONSTRAINT auth_codes_purpose_check;
ALTER TABLE auth_codes ADD CONSTRAINT auth_codes_purpose_check CHECK (purpose IN ('confirm', 'reset', 'invite'));
ALTER TABLE auth_codes ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE;
ALTER TABLE auth_codes ADD COLUMN invited_by uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX auth_codes_invitation_idx ON auth_codes (organization_id, user_id) WHERE organization_id IS NOT NULL;

-- A restored backup re-inserts steps with their capture time: keep it (the trigger stamped now() over it, so a
-- restore reset every step's "recaptured" date). Steps created by the API never carry one, and still get now().
CREATE OR REPLACE FUNCTION steps_target_captured() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN IF NEW.target IS NOT NULL AND NEW.target_captured_at IS NULL THEN NEW.target_captured_at := now(); END IF; ELSIF NEW.target IS DISTINCT FROM OLD.target THEN NEW.target_captured_at := CASE WHEN NEW.target IS NULL THEN NULL ELSE now() END; END IF; RETURN NEW; END $$;
