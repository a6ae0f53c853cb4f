-- Moves with every change in the organization (any write by one of its members, on any replica): the reads the
-- back-office and the extension repeat answer an ETag made from it, so a replica answers 304, or a body it already
-- holds, after the one query that authenticates the caller.
ALTER TABLE organizations ADD COLUMN content_version bigint NOT NULL DEFAULT 1;
