-- The statement that last counted a hit on the key. A statement used to tell whether it counted its hit by finding its
-- own time among the hits; two statements on two connections can start in the same microsecond, and then one refused
-- at the limit found the other's time and went through (11 of 30 concurrent hits with a limit of 10, on PostgreSQL).
ALTER TABLE rate_limits ADD COLUMN counted_by text;
