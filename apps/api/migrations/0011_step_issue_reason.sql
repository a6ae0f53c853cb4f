-- Why the player's finder could not find a step's target (packages/player's FIND_REASONS id, e.g. 'copy-gone'), so
-- that guide health can say it beside the failing step. Null for issues recorded before players sent it.
ALTER TABLE run_step_issues ADD COLUMN reason text;
