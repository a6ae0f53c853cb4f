-- Rate limits shared by every replica (failed logins per email and per client, auth requests per client). One row
-- per counted key: the times of its most recent counted hits, at most the limit, oldest first, so the wait is the
-- time until the oldest of them leaves the window, as with the in-process sliding window before. A row whose last
-- hit has left the window means nothing: statements that count a hit delete such rows on the way (no job needed).
CREATE TABLE rate_limits (
  bucket text NOT NULL,                         -- 'failed-login' or 'auth-request'
  key text NOT NULL,                            -- 'email:…' or 'client:…'
  hits timestamptz[] NOT NULL,
  expires_at timestamptz NOT NULL,              -- the last hit leaves the window then
  PRIMARY KEY (bucket, key)
);
CREATE INDEX rate_limits_expiry_idx ON rate_limits (expires_at);
