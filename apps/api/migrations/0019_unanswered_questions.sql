-- "Questions sans guide" on the dashboard (issue 42): what the assistant was asked (POST /assistant by members,
-- POST /public/assistant by end users) and answered with no confident guide — the authors' backlog. A question is
-- kept as its text alone, with its organization, its project when known and when it was asked: never a user nor a
-- visitor id, so nothing links it to whoever asked. `folded` is the grouping key (the words once lower-cased, without
-- accents nor punctuation, one space apart; src/unanswered-questions.ts). Rows are deleted 90 days after they were
-- asked by every replica (src/retention.ts), and all of an organization's by an Admin; a project deleted takes its
-- own with it, like the rest of its content.
CREATE TABLE unanswered_questions (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  project_id uuid REFERENCES projects (id) ON DELETE CASCADE,
  text text NOT NULL,
  folded text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The period's groups (the organization's rows of the last days), and the newest text of each of the 50 shown.
CREATE INDEX unanswered_questions_organization_idx ON unanswered_questions (organization_id, created_at);
CREATE INDEX unanswered_questions_folded_idx ON unanswered_questions (organization_id, folded, created_at);
-- The purge, across organizations.
CREATE INDEX unanswered_questions_created_idx ON unanswered_questions (created_at);
-- A project's deletion finds its questions.
CREATE INDEX unanswered_questions_project_idx ON unanswered_questions (project_id);
