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

-- The search document of each scenario, kept current by triggers: computing the vectors per query measured
-- 2.4 s p50 for 1,000 guides (pnpm bench:assistant, loaded machine), against 0.2 s stored and GIN-indexed.
-- A: title; B: LLM summary and description; C: step names and texts (weights applied by the ranking).
-- words: the distinct unaccented words of all of it, the vocabulary that typos are corrected against.
-- Derived data lives in its own schema, out of backups (which take the current schema's tables): a restore
-- truncates scenarios, which cascades here, and the triggers rebuild every row as scenarios and steps come back.
CREATE SCHEMA IF NOT EXISTS mulot_search;
CREATE TABLE mulot_search.scenario_search (
  scenario_id uuid PRIMARY KEY REFERENCES scenarios (id) ON DELETE CASCADE,
  a tsvector NOT NULL,
  b tsvector NOT NULL,
  c tsvector NOT NULL,
  words text[] NOT NULL
);
CREATE INDEX scenario_search_a_idx ON mulot_search.scenario_search USING gin (a);
CREATE INDEX scenario_search_b_idx ON mulot_search.scenario_search USING gin (b);
CREATE INDEX scenario_search_c_idx ON mulot_search.scenario_search USING gin (c);

-- Statements inside function bodies stay on one line: migrations are split at semicolons ending a line.
CREATE FUNCTION mulot_search_refresh(target uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO mulot_search.scenario_search (scenario_id, a, b, c, words)
  SELECT s.id,
    to_tsvector('mulot_fr', s.title) || to_tsvector('mulot_en', s.title),
    to_tsvector('mulot_fr', s.summary || ' ' || s.description)
      || to_tsvector('mulot_en', s.summary || ' ' || s.description),
    to_tsvector('mulot_fr', coalesce(st.body, '')) || to_tsvector('mulot_en', coalesce(st.body, '')),
    ARRAY(
      SELECT DISTINCT w
      FROM regexp_split_to_table(
        lower(unaccent(s.title || ' ' || s.summary || ' ' || s.description || ' ' || coalesce(st.body, ''))),
        '[^a-z0-9]+'
      ) AS w
      WHERE length(w) >= 3
      ORDER BY w
    )
  FROM scenarios s
  LEFT JOIN LATERAL (
    SELECT string_agg(x.name || ' ' || x.text, ' ' ORDER BY x.position) AS body FROM steps x WHERE x.scenario_id = s.id
  ) st ON true
  WHERE s.id = target
  ON CONFLICT (scenario_id) DO UPDATE SET a = EXCLUDED.a, b = EXCLUDED.b, c = EXCLUDED.c, words = EXCLUDED.words
$$;

CREATE FUNCTION mulot_search_scenario_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM mulot_search_refresh(NEW.id); RETURN NULL; END $$;

CREATE TRIGGER scenarios_search AFTER INSERT OR UPDATE OF title, summary, description ON scenarios
  FOR EACH ROW EXECUTE FUNCTION mulot_search_scenario_changed();

-- A step deleted with its scenario refreshes nothing: the scenario row is already gone.
CREATE FUNCTION mulot_search_step_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'INSERT' THEN PERFORM mulot_search_refresh(OLD.scenario_id); END IF; IF TG_OP <> 'DELETE' THEN PERFORM mulot_search_refresh(NEW.scenario_id); END IF; RETURN NULL; END $$;

CREATE TRIGGER steps_search AFTER INSERT OR DELETE OR UPDATE OF name, text, scenario_id ON steps
  FOR EACH ROW EXECUTE FUNCTION mulot_search_step_changed();

SELECT mulot_search_refresh(id) FROM scenarios;
