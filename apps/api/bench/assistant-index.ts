// node bench/assistant-index.ts — the assistant at issue 43's size L: one organization of 1,000 projects, 5 categories
// of 5 guides each (25,000 guides, 20,000 published with 5 steps), seeded straight into the database in SQL. Prints
// the first question after a start (the organization's index read in full), questions while nothing changed, a
// question after one guide's edit (that guide read again) and after a run (nothing read). PGlite in a fresh
// directory, or with BENCH_DATABASE_URL a scratch database on that PostgreSQL server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildServer } from '../src/app.ts';
import type { DatabaseTarget, Db } from '../src/db/index.ts';
import { benchAccount, benchDatabase } from './support.ts';

const projects = Number(process.env.BENCH_PROJECTS ?? 1000);
const dataDir = mkdtempSync(join(tmpdir(), 'mulot-bench-assistant-'));
const { database, drop } = await benchDatabase('mulot_bench_assistant', {
  kind: 'pglite',
  dataDir: join(dataDir, 'pglite'),
});

async function start(target: DatabaseTarget) {
  const app = await buildServer({ database: target, dataDir, logLevel: 'warn', backofficeDir: null });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base };
}

async function seed(db: Db, organizationId: string, projects: number) {
  // The search rows are built once at the end rather than by the triggers on every scenario and step.
  await sql`ALTER TABLE scenarios DISABLE TRIGGER scenarios_search`.execute(db);
  await sql`ALTER TABLE steps DISABLE TRIGGER steps_search`.execute(db);
  await sql`
    INSERT INTO projects (id, organization_id, name, sites)
    SELECT gen_random_uuid(), ${organizationId}, 'Projet ' || i, jsonb_build_array('https://site' || i || '.example.com')
    FROM generate_series(1, ${projects}) AS i`.execute(db);
  await sql`
    INSERT INTO categories (id, organization_id, project_id, name)
    SELECT gen_random_uuid(), ${organizationId}, p.id, 'Catégorie ' || c
    FROM projects p CROSS JOIN generate_series(1, 5) AS c WHERE p.organization_id = ${organizationId}`.execute(
    db,
  );
  // Titles and texts from a few hundred words, so the index has a realistic vocabulary.
  await sql`
    INSERT INTO scenarios (id, organization_id, category_id, title, description, summary, status, min_duration,
      max_duration)
    SELECT gen_random_uuid(), ${organizationId}, c.id,
      (ARRAY['Créer','Modifier','Supprimer','Exporter','Importer','Envoyer','Valider','Archiver','Consulter','Partager'])[1 + (g + n) % 10]
        || ' ' || (ARRAY['une facture','un devis','un client','un fournisseur','une commande','un produit','un avoir',
        'une relance','un paiement','un contrat','une note de frais','un congé','un salarié','un projet','une tâche',
        'un rapport','un stock','une livraison','un ticket','un compte bancaire'])[1 + (n * 7 + g) % 20]
        || ' ' || (ARRAY['mensuel','annuel','en retard','en attente','récurrent','groupé','partiel','urgent','simple',
        'détaillé'])[1 + n % 10] || ' ' || n,
      'Comment procéder pas à pas dans le logiciel, numéro ' || n,
      'Guide ' || n || ' : les écrans et les champs à remplir',
      CASE WHEN g <= 4 THEN 'published' ELSE 'draft' END, 1, 5
    FROM (SELECT c.*, row_number() OVER (ORDER BY c.id) AS cn FROM categories c
      WHERE c.organization_id = ${organizationId}) c
    CROSS JOIN generate_series(1, 5) AS g
    CROSS JOIN LATERAL (SELECT (c.cn * 5 + g)::int AS n) AS number`.execute(db);
  await sql`
    INSERT INTO steps (id, organization_id, scenario_id, position, name, text, url)
    SELECT gen_random_uuid(), ${organizationId}, s.id, k,
      (ARRAY['Ouvrir le menu','Cliquer sur Nouveau','Remplir le formulaire','Vérifier le montant','Enregistrer'])[k],
      'Étape ' || k || ' : ' || s.title, '/'
    FROM scenarios s CROSS JOIN generate_series(1, 5) AS k
    WHERE s.organization_id = ${organizationId} AND s.status = 'published'`.execute(db);
  await sql`ALTER TABLE scenarios ENABLE TRIGGER scenarios_search`.execute(db);
  await sql`ALTER TABLE steps ENABLE TRIGGER steps_search`.execute(db);
  await sql`SELECT mulot_search_refresh(id) FROM scenarios WHERE organization_id = ${organizationId}`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
}

const ms = (from: number) => Math.round(performance.now() - from);
const p = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

try {
  let { app, base } = await start(database);
  const { token, organizationId } = await benchAccount(app, base);
  const seeding = performance.now();
  const db = app.mulot.db;
  await seed(db, organizationId, projects);
  // A small organization (one project, 20 published guides): its first question measures what a start costs
  // whatever the size (the query's stems, the vocabulary, compiled code), apart from reading the large index.
  const small = await benchAccount(app, base);
  await seed(db, small.organizationId, 1);
  const counts = await sql<{ guides: number; published: number; steps: number }>`
    SELECT (SELECT count(*)::int FROM scenarios WHERE organization_id = ${organizationId}) AS guides,
      (SELECT count(*)::int FROM scenarios WHERE organization_id = ${organizationId} AND status = 'published')
        AS published,
      (SELECT count(*)::int FROM steps WHERE organization_id = ${organizationId}) AS steps`.execute(db);
  console.log(`seeded in ${ms(seeding)} ms:`, counts.rows[0]);

  // A start: the process holds no index.
  await app.close();
  ({ app, base } = await start(database));
  const headers = {
    authorization: `Bearer ${token}`,
    'x-organization-id': organizationId,
    'content-type': 'application/json',
  };
  const ask = async (query: string, organization = organizationId) => {
    const from = performance.now();
    const answer = await fetch(`${base}/api/assistant`, {
      method: 'POST',
      headers: {
        ...headers,
        authorization: `Bearer ${organization === organizationId ? token : small.token}`,
        'x-organization-id': organization,
      },
      body: JSON.stringify({ query }),
    });
    if (answer.status !== 200) throw new Error(`assistant: ${answer.status}`);
    const body = (await answer.json()) as { guides: Array<{ title: string }> };
    return { ms: ms(from), found: body.guides.length };
  };
  const cold = await ask('exporter une facture en retard', small.organizationId);
  const first = await ask('exporter une facture en retard');
  const steady: number[] = [];
  const queries = [
    'envoyer un devis',
    'note de frais',
    'valider un congé',
    'relance client',
    'stock produit',
  ];
  for (let i = 0; i < 30; i++) steady.push((await ask(queries[i % queries.length] as string)).ms);
  const { id } = (
    await sql<{ id: string }>`SELECT id FROM scenarios WHERE organization_id = ${organizationId}
      AND status = 'published' LIMIT 1`.execute(app.mulot.db)
  ).rows[0] as { id: string };
  const edited = await fetch(`${base}/api/scenarios/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      title: 'Rapprocher un relevé de compte bancaire',
      description: 'Pas à pas',
      summary: 'Rapprochement bancaire',
      minDuration: 1,
      maxDuration: 5,
    }),
  });
  if (edited.status !== 200) throw new Error(`edit: ${edited.status}`);
  const afterEdit = await ask('rapprocher un relevé bancaire');
  const others = await ask('exporter une facture en retard');
  const run = await fetch(`${base}/api/scenarios/${id}/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ status: 'started', stepsCompleted: 0 }),
  });
  if (run.status !== 201) throw new Error(`run: ${run.status}`);
  const afterRun = await ask('envoyer un devis');
  console.table([
    { measure: 'first question after a start, small organization', ms: cold.ms, guides: cold.found },
    {
      measure: 'first question of the large organization (index read in full)',
      ms: first.ms,
      guides: first.found,
    },
    { measure: 'questions while nothing changed, p50', ms: p(steady, 0.5) },
    { measure: 'questions while nothing changed, p95', ms: p(steady, 0.95) },
    { measure: 'first question after one guide edited', ms: afterEdit.ms, guides: afterEdit.found },
    { measure: 'next question (other guides)', ms: others.ms, guides: others.found },
    { measure: 'first question after a run', ms: afterRun.ms, guides: afterRun.found },
  ]);
  await app.close();
} finally {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
