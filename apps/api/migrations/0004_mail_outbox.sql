-- Mails waiting to leave: written in the same transaction as the change that causes them (account, reset code,
-- invitation), sent by the outbox worker with retries. The body carries a one-time link, so a row lives only until
-- its mail is sent (then it is deleted), refused for good, or its link has expired.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,                          -- also the mail's Message-ID, so a resend is recognisable
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,                           -- logged instead of sent when there is no SMTP server (development)
  attempts integer NOT NULL DEFAULT 0,
  -- Due time: pending rows are sent when it has passed; a worker that claims a row pushes it forward by its lease,
  -- so another worker (replica) takes it over only if the first one died while sending.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_by uuid,                              -- the worker holding the lease, if any
  last_error text,
  expires_at timestamptz NOT NULL,              -- the link in the body stops working then: no point sending later
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at);
