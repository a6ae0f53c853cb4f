// The organization `pnpm bench:scale` measures (issue 43), written straight into the database with set-based SQL:
// seconds at L where going through the API took an hour. Rows follow the real schema (migrations/*.sql), and what
// the server derives from them on its own paths (the assistant's search rows, the run aggregates of later
// migrations) is derived here too, in `derived` below: a migration that adds a table the API keeps in step with
// content or runs adds its line there, or the bench measures an installation no server could have produced.
//
// One organization of `projects` projects, each with 5 categories of 5 guides: 4 published with 5 steps, 1 draft
// without steps; `runs` runs over the last 30 days, spread over the published guides; one run in 97 reports its
// third step not found (guides to repair: about 500 at L). Every identifier is derived from the organization and the row's
// position (md5 → uuid), so the same size seeds the same shape in any database.
import { type Kysely, sql } from 'kysely';

// Kept loose on purpose: the bench seeds the database of other versions of the code (main's), whose schema types
// differ; only SQL is sent.
// biome-ignore lint/suspicious/noExplicitAny: any version's Kysely<Database>
type AnyDb = Kysely<any>;

export interface ScaleSize {
  name: string;
  projects: number;
  runs: number;
}

export const scaleSizes: Record<'S' | 'M' | 'L', ScaleSize> = {
  S: { name: 'S', projects: 10, runs: 1_000 },
  M: { name: 'M', projects: 100, runs: 10_000 },
  L: { name: 'L', projects: 1_000, runs: 100_000 },
};

export const categoriesPerProject = 5;
export const guidesPerCategory = 5;
/** Guides 1 to 4 of each category are published, with 5 steps each; the 5th is a draft without steps. */
export const publishedPerCategory = 4;
export const stepsPerGuide = 5;
/** One run in this many reports its third step not found. */
export const issueEvery = 97;

/** The site of project i: steps point there, and the catalogue matches it. */
export const siteOf = (project: number) => `https://app${project}.example.com`;

/** Words the guides' titles are built from, so that assistant questions find a handful among thousands. */
const verbs = ['Créer', 'Exporter', 'Modifier', 'Supprimer', 'Valider', 'Imprimer', 'Partager', 'Archiver'];
const objects = [
  'une facture',
  'un devis',
  'un client',
  'une commande',
  'un rapport',
  'un contrat',
  'un fournisseur',
  'une note de frais',
  'un bon de livraison',
  'un avoir',
];
/** Questions that match some of the seeded titles. */
export const assistantQuestions = [
  'comment créer une facture',
  'exporter un rapport',
  'valider une note de frais',
  'supprimer un fournisseur',
];

const textArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/** A uuid made of the organization and a position, the same in every database. */
const id = (org: string, kind: string, ...parts: string[]) =>
  `md5('${org}:${kind}:' || ${parts.join(" || ':' || ")})::uuid`;

export interface SeedReport {
  projects: number;
  guides: number;
  published: number;
  steps: number;
  runs: number;
  issues: number;
  ms: number;
}

/**
 * Rows the server derives from the seeded ones on its own paths, each recomputed for the organization when its
 * table (or function) exists in the database seeded: older and newer versions of the schema both get a coherent
 * installation.
 */
const derived: Array<{ exists: string; statements: (org: string) => string[] }> = [
  {
    // migrations 0002/0007: the assistant's search rows, kept by triggers on every guide and step write
    exists: `to_regprocedure('mulot_search_refresh(uuid)')`,
    statements: (org) => [
      `SELECT count(mulot_search_refresh(id)) FROM scenarios WHERE organization_id = '${org}'`,
    ],
  },
  {
    // migration 0014: runs summed per guide and day as they arrive (repositories/run-days.ts)
    exists: `to_regclass('run_days')`,
    statements: (org) => [
      `DELETE FROM run_days WHERE organization_id = '${org}'`,
      `INSERT INTO run_days (organization_id, scenario_id, day, started, completed, abandoned)
        SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date, count(*),
          count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'abandoned')
        FROM runs WHERE organization_id = '${org}' GROUP BY 1, 2, 3`,
    ],
  },
  {
    // migration 0014: the same per organization and day (the dashboard's series)
    exists: `to_regclass('organization_run_days')`,
    statements: (org) => [
      `DELETE FROM organization_run_days WHERE organization_id = '${org}'`,
      `INSERT INTO organization_run_days (organization_id, day, started, completed, abandoned)
        SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, count(*),
          count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'abandoned')
        FROM runs WHERE organization_id = '${org}' GROUP BY 1, 2`,
    ],
  },
  {
    // migration 0018: when completed runs completed (the API sets it as each completes; the seeded ones completed
    // as they were last updated), then a guide's statistics' sums with the migration's backfill statements
    exists: `to_regclass('run_progress_days')`,
    statements: (org) => [
      `UPDATE runs SET completed_at = updated_at
        WHERE organization_id = '${org}' AND status = 'completed' AND completed_at IS NULL`,
      `DELETE FROM run_progress_days WHERE organization_id = '${org}'`,
      `INSERT INTO run_progress_days (organization_id, scenario_id, day, source, status, steps_completed, runs)
        SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date, source, status, steps_completed,
          count(*)
        FROM runs WHERE organization_id = '${org}' GROUP BY 1, 2, 3, 4, 5, 6`,
      `DELETE FROM run_duration_days WHERE organization_id = '${org}'`,
      `INSERT INTO run_duration_days (organization_id, scenario_id, day, seconds, runs)
        SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date,
          greatest(0, floor(extract(epoch FROM completed_at - created_at)))::int, count(*)
        FROM runs WHERE organization_id = '${org}' AND status = 'completed' AND completed_at IS NOT NULL
        GROUP BY 1, 2, 3, 4`,
    ],
  },
];

/**
 * Triggers that would redo, row by row, what `derived` does once per guide: disabled while the rows go in
 * (inside the transaction: nobody else sees them off), when the schema has them.
 */
const rowByRowTriggers = [{ table: 'steps', trigger: 'steps_search' }];

/** Seeds one organization at the given size, in one transaction; `userId` is the member the runs are attributed to. */
export async function seedScale(
  db: AnyDb,
  { organizationId, userId, size }: { organizationId: string; userId: string; size: ScaleSize },
): Promise<SeedReport> {
  if (!/^[0-9a-f-]{36}$/.test(organizationId) || !/^[0-9a-f-]{36}$/.test(userId)) {
    throw new Error('organization and user must be uuids');
  }
  const org = organizationId;
  const start = performance.now();
  const P = size.projects;
  const C = categoriesPerProject;
  const G = guidesPerCategory;
  const published = P * C * publishedPerCategory;
  // Published guide number q (0-based) → its project, category and position.
  const guideOf = (q: string) =>
    [
      `((${q}) / ${C * publishedPerCategory} + 1)::text`,
      `((${q}) / ${publishedPerCategory} % ${C} + 1)::text`,
      `((${q}) % ${publishedPerCategory} + 1)::text`,
    ] as const;

  const statements: string[] = [
    `INSERT INTO projects (id, organization_id, name, description, sites, created_at, updated_at)
      SELECT ${id(org, 'p', 'i::text')}, '${org}',
        'Projet ' || i || ' ' || (${textArray(['Facturation', 'Ventes', 'Achats', 'RH', 'Support', 'Stock'])})[1 + i % 6],
        'Les guides du projet ' || i || ' pour les équipes.',
        jsonb_build_array('https://app' || i || '.example.com'),
        now() - make_interval(mins => i), now() - make_interval(mins => i)
      FROM generate_series(1, ${P}) AS i`,
    `INSERT INTO categories (id, organization_id, project_id, name, description, created_at, updated_at)
      SELECT ${id(org, 'c', 'i::text', 'j::text')}, '${org}', ${id(org, 'p', 'i::text')},
        'Catégorie ' || j, 'Catégorie ' || j || ' du projet ' || i,
        now() - make_interval(mins => i), now() - make_interval(mins => i)
      FROM generate_series(1, ${P}) AS i, generate_series(1, ${C}) AS j`,
    `INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, status, min_duration,
        max_duration, created_at, updated_at)
      SELECT ${id(org, 's', 'i::text', 'j::text', 'k::text')}, '${org}', ${id(org, 'c', 'i::text', 'j::text')},
        (${textArray(verbs)})[1 + n % ${verbs.length}] || ' ' || (${textArray(objects)})[1 + (n / ${verbs.length}) % ${objects.length}]
          || ' (' || i || '.' || j || '.' || k || ')',
        'Pas à pas, dans le projet ' || i || ', catégorie ' || j || '.',
        'Le guide ' || k || ' de la catégorie ' || j || '.',
        CASE WHEN k <= ${publishedPerCategory} THEN 'published' ELSE 'draft' END, 1, 5,
        now() - make_interval(mins => n), now() - make_interval(mins => n)
      FROM generate_series(1, ${P}) AS i, generate_series(1, ${C}) AS j, generate_series(1, ${G}) AS k,
        LATERAL (SELECT ((i - 1) * ${C} + (j - 1)) * ${G} + k AS n) AS numbered`,
    `INSERT INTO steps (id, organization_id, scenario_id, position, name, text, url, target, target_captured_at,
        created_at, updated_at)
      SELECT ${id(org, 'st', 'i::text', 'j::text', 'k::text', 'x::text')}, '${org}',
        ${id(org, 's', 'i::text', 'j::text', 'k::text')}, x,
        'Étape ' || x, 'Cliquez sur le bouton ' || x || ' puis vérifiez le résultat.',
        'https://app' || i || '.example.com/page/' || x,
        jsonb_build_object('version', 1, 'tag', 'button', 'name', 'Bouton ' || x,
          'attributes', jsonb_build_object('data-testid', 'step-' || x)),
        now(), now(), now()
      FROM generate_series(1, ${P}) AS i, generate_series(1, ${C}) AS j,
        generate_series(1, ${publishedPerCategory}) AS k, generate_series(1, ${stepsPerGuide}) AS x`,
    // Spread evenly over the last 30 days; 60 % completed, 25 % abandoned, 15 % still started.
    `INSERT INTO runs (id, organization_id, scenario_id, user_id, status, url, steps_completed, created_at, updated_at)
      SELECT ${id(org, 'r', 'n::text')}, '${org}', ${id(org, 's', ...guideOf(`n % ${published}`))}, '${userId}',
        CASE WHEN n % 20 < 12 THEN 'completed' WHEN n % 20 < 17 THEN 'abandoned' ELSE 'started' END,
        'https://app' || ((n % ${published}) / ${C * publishedPerCategory} + 1) || '.example.com/page/1',
        CASE WHEN n % 20 < 12 THEN ${stepsPerGuide} ELSE n % ${stepsPerGuide} END,
        now() - make_interval(secs => ((n - 0.5) * 30 * 86400 / ${size.runs})),
        now() - make_interval(secs => ((n - 0.5) * 30 * 86400 / ${size.runs}))
      FROM generate_series(1, ${size.runs}) AS n`,
    `INSERT INTO run_step_issues (id, organization_id, run_id, step_id, outcome, confidence, url, created_at)
      SELECT ${id(org, 'i', 'n::text')}, '${org}', ${id(org, 'r', 'n::text')},
        ${id(org, 'st', ...guideOf(`n % ${published}`), "'3'")}, 'not-found', NULL,
        'https://app' || ((n % ${published}) / ${C * publishedPerCategory} + 1) || '.example.com/page/3',
        now() - make_interval(secs => ((n - 0.5) * 30 * 86400 / ${size.runs}))
      FROM generate_series(${issueEvery}, ${size.runs}, ${issueEvery}) AS n`,
  ];

  await db.transaction().execute(async (trx) => {
    const disabled: Array<{ table: string; trigger: string }> = [];
    for (const t of rowByRowTriggers) {
      const found = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = ${t.trigger} AND tgrelid = to_regclass(${t.table})`.execute(
        trx,
      );
      if ((found.rows[0]?.n ?? 0) === 0) continue;
      await sql.raw(`ALTER TABLE ${t.table} DISABLE TRIGGER ${t.trigger}`).execute(trx);
      disabled.push(t);
    }
    for (const statement of statements) await sql.raw(statement).execute(trx);
    for (const t of disabled)
      await sql.raw(`ALTER TABLE ${t.table} ENABLE TRIGGER ${t.trigger}`).execute(trx);
    for (const d of derived) {
      const present = await sql<{ found: boolean }>`SELECT ${sql.raw(d.exists)} IS NOT NULL AS found`.execute(
        trx,
      );
      if (!present.rows[0]?.found) continue;
      for (const statement of d.statements(org)) await sql.raw(statement).execute(trx);
    }
    // Caches keyed by the content version (conditional reads) must not survive content written behind their back.
    const version = await sql<{ found: boolean }>`
      SELECT EXISTS (SELECT 1 FROM information_schema.columns
        WHERE table_name = 'organizations' AND column_name = 'content_version') AS found`.execute(trx);
    if (version.rows[0]?.found) {
      await sql
        .raw(`UPDATE organizations SET content_version = content_version + 1 WHERE id = '${org}'`)
        .execute(trx);
    }
  });

  return {
    projects: P,
    guides: P * C * G,
    published,
    steps: published * stepsPerGuide,
    runs: size.runs,
    issues: Math.floor(size.runs / issueEvery),
    ms: performance.now() - start,
  };
}
