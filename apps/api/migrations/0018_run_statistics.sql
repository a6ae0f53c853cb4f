-- A guide's statistics from aggregates (issue 42): started, completed, abandoned and completion rate by source, the
-- step funnel and the median duration of a guide's runs over the last 1–365 days, read from daily sums kept as runs
-- arrive (repositories/run-progress.ts, in the transaction that records or updates the run), never from a scan of
-- the runs: a popular guide has millions of them.

-- Who played a run: a member (signed in), an end user through the embed snippet, or an end user through the
-- extension deployed by an organization's browser policy. Runs recorded before this migration: a member's when it
-- has a user (or has neither a user nor a visitor: a member whose account was deleted since), else an end user's
-- through the snippet — the extension's end-user runs cannot be told from the snippet's before they said which they
-- were. The default serves rows written straight into the database (a seeding script writes members' runs); the
-- API always says which.
ALTER TABLE runs ADD COLUMN source text NOT NULL DEFAULT 'members'
  CHECK (source IN ('members', 'embed', 'extension'));
-- When the run completed: its duration is completed_at - created_at, fixed then, whatever later messages say (a
-- late update moves updated_at). Runs completed before this migration: their last update was their completion.
ALTER TABLE runs ADD COLUMN completed_at timestamptz;
UPDATE runs SET
  source = CASE WHEN user_id IS NULL AND visitor_id IS NOT NULL THEN 'embed' ELSE 'members' END,
  completed_at = CASE WHEN status = 'completed' THEN greatest(updated_at, created_at) END
WHERE (user_id IS NULL AND visitor_id IS NOT NULL) OR status = 'completed';

-- Each run counts 1 in the row of its guide, the UTC day it started (like run_days), its source, its status and the
-- steps it completed; it moves from row to row as its status and progress change. Summed over a period this gives
-- started / completed / abandoned by source and the funnel (how many runs stopped after each number of steps).
-- steps_completed is kept as the run said: the funnel clamps it to the guide's current number of steps when it is
-- read, so that adding or deleting a step later needs no rewrite. A row may fall to 0 and stay (its key is reused).
-- organization_id is the tenancy column every query names (and a sharding key); the guide's cascade removes the
-- rows of a deleted guide, project or organization, as for run_days.
CREATE TABLE run_progress_days (
  organization_id uuid NOT NULL,
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  day date NOT NULL,
  source text NOT NULL,
  status text NOT NULL,
  steps_completed integer NOT NULL,
  runs integer NOT NULL,
  PRIMARY KEY (scenario_id, day, source, status, steps_completed)
);

-- The completed runs per guide, UTC day they started and whole seconds they took: the exact median of any period
-- is read from at most (days × distinct durations) rows, whatever the number of runs.
CREATE TABLE run_duration_days (
  organization_id uuid NOT NULL,
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  day date NOT NULL,
  seconds integer NOT NULL,
  runs integer NOT NULL,
  PRIMARY KEY (scenario_id, day, seconds)
);

-- Backfill: the runs recorded so far, summed as the API sums them (run-progress.ts rebuildRunProgress says the same).
INSERT INTO run_progress_days (organization_id, scenario_id, day, source, status, steps_completed, runs)
  SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date, source, status, steps_completed,
    count(*)
  FROM runs GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO run_duration_days (organization_id, scenario_id, day, seconds, runs)
  SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date,
    greatest(0, floor(extract(epoch FROM completed_at - created_at)))::int, count(*)
  FROM runs WHERE status = 'completed' AND completed_at IS NOT NULL GROUP BY 1, 2, 3, 4;
