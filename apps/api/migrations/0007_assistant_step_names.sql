-- The assistant weighs a step's name (what a user calls the step: "Imprimer l'étiquette") above its text, and reads
-- a misspelt word as the closest word of a guide's title or step names (ADR 0005). n: the step names' vector;
-- names: the distinct unaccented words of the title and step names, the vocabulary typos are corrected against.
-- The GIN indexes go: the ranking reads the rows of the guides in scope and scores them in process (ADR 0005), which
-- no index serves, and each index cost every save of a guide or step.
ALTER TABLE mulot_search.scenario_search ADD COLUMN n tsvector NOT NULL DEFAULT ''::tsvector;
ALTER TABLE mulot_search.scenario_search ADD COLUMN names text[] NOT NULL DEFAULT '{}';
DROP INDEX mulot_search.scenario_search_a_idx;
DROP INDEX mulot_search.scenario_search_b_idx;
DROP INDEX mulot_search.scenario_search_c_idx;

-- Statements inside function bodies stay on one line: migrations are split at semicolons ending a line.
CREATE OR REPLACE FUNCTION mulot_search_refresh(target uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO mulot_search.scenario_search (scenario_id, a, b, c, words, n, names)
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
    ),
    to_tsvector('mulot_fr', coalesce(st.names, '')) || to_tsvector('mulot_en', coalesce(st.names, '')),
    ARRAY(
      SELECT DISTINCT w
      FROM regexp_split_to_table(lower(unaccent(s.title || ' ' || coalesce(st.names, ''))), '[^a-z0-9]+') AS w
      WHERE length(w) >= 3
      ORDER BY w
    )
  FROM scenarios s
  LEFT JOIN LATERAL (
    SELECT string_agg(x.name || ' ' || x.text, ' ' ORDER BY x.position) AS body,
      string_agg(x.name, ' ' ORDER BY x.position) AS names
    FROM steps x WHERE x.scenario_id = s.id
  ) st ON true
  WHERE s.id = target
  ON CONFLICT (scenario_id) DO UPDATE SET a = EXCLUDED.a, b = EXCLUDED.b, c = EXCLUDED.c, words = EXCLUDED.words,
    n = EXCLUDED.n, names = EXCLUDED.names
$$;

SELECT mulot_search_refresh(id) FROM scenarios;
