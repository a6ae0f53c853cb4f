-- The assistant (POST /assistant) ranks published guides with full-text search. Accents are folded by unaccent
-- inside the text search configurations, so "créer" and "creer" give the same lexeme on PostgreSQL and on PGlite
-- (which loads both extensions from @electric-sql/pglite/contrib). pg_trgm finds the guide word closest to a
-- misspelt query word. Both extensions are "trusted": a database owner may create them without superuser.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TEXT SEARCH CONFIGURATION mulot_fr (COPY = pg_catalog.french);
ALTER TEXT SEARCH CONFIGURATION mulot_fr
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;

CREATE TEXT SEARCH CONFIGURATION mulot_en (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION mulot_en
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
