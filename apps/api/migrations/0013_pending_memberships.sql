-- Invitations are invitations (issue 37): inviting someone who already has an account no longer adds them at once.
-- Their membership waits, pending, until they accept it (or refuse it, which removes it); until then it grants
-- nothing and the team shows its email only. Memberships of people invited without an account stay as they were
-- (a user without a password cannot sign in, so they are pending already).
ALTER TABLE memberships ADD COLUMN pending boolean NOT NULL DEFAULT false;
