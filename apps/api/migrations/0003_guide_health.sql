-- Guide health: the page as the end user saw it when a step failed, and when each step's target was last captured.

-- A screenshot of the visible tab taken by the extension when the player could not find a step's target (or only
-- with low confidence). Behind the storage interface (src/storage.ts), like the steps' screenshots.
CREATE TABLE run_step_issue_screenshots (
  issue_id uuid PRIMARY KEY REFERENCES run_step_issues (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The dashboard reads an organization's issues of the last 30 days.
CREATE INDEX run_step_issues_organization_idx ON run_step_issues (organization_id, created_at);

-- When the step's target was last captured (or recaptured): a repair is pending while no run passed the step since.
ALTER TABLE steps ADD COLUMN target_captured_at timestamptz;
UPDATE steps SET target_captured_at = created_at WHERE target IS NOT NULL;

-- Kept by the database so that every path that changes a target (create, update, import) records it.
CREATE FUNCTION steps_target_captured() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' THEN IF NEW.target IS NOT NULL THEN NEW.target_captured_at := now(); END IF; ELSIF NEW.target IS DISTINCT FROM OLD.target THEN NEW.target_captured_at := CASE WHEN NEW.target IS NULL THEN NULL ELSE now() END; END IF; RETURN NEW; END $$;

CREATE TRIGGER steps_target_captured BEFORE INSERT OR UPDATE OF target ON steps
  FOR EACH ROW EXECUTE FUNCTION steps_target_captured();
