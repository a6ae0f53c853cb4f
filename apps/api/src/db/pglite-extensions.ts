import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** The contrib extensions the migrations create (full-text search of the assistant); PGlite loads them at open. */
export const pgliteExtensions = { unaccent, pg_trgm };
