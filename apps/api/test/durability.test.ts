// SIGKILL under a write load: every write the API acknowledged (2xx received) is there after a restart on the same
// data, and the sessions opened before still work (the generated JWT secret is kept with the data).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailSink } from '@mulot/testing/mail';
import { freePort } from '@mulot/testing/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, freshDatabase, png, seedPgliteDir } from './support/harness.ts';
import { SpawnedApi } from './support/spawned-api.ts';

interface Acknowledged {
  kind: 'project' | 'category' | 'scenario' | 'step' | 'screenshot';
  path: string;
  name: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`SIGKILL under write load (${backend})`, () => {
  const mail = new MailSink();
  const dataDir = mkdtempSync(join(tmpdir(), 'mulot-durability-'));
  let api: SpawnedApi;
  let drop = async () => {};
  let env: Record<string, string> = {};

  beforeAll(async () => {
    env = { DATA_DIR: dataDir, SMTP_URL: await mail.start() };
    if (backend === 'postgres') {
      const database = await freshDatabase();
      if (database.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
      env.DATABASE_URL = database.target.url;
      drop = database.drop;
    } else {
      // As left by a first start (initdb and migrations), to keep the test short.
      seedPgliteDir(join(dataDir, 'pglite'));
    }
    api = new SpawnedApi(await freePort(), env);
    await api.start();
  }, 120_000);

  afterAll(async () => {
    await api?.kill();
    await mail.stop();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Several authors create projects, categories, scenarios, steps and screenshots until the connection drops. */
  async function writeLoad(session: { token: string; org: string }, round: number): Promise<Acknowledged[]> {
    const acknowledged: Acknowledged[] = [];
    let stopped = false;
    const auth = { token: session.token, org: session.org };
    const worker = async (w: number) => {
      try {
        for (let n = 0; !stopped; n++) {
          const tag = `r${round}w${w}n${n}`;
          const project = await api.call<{ id: string }>('POST', '/api/projects', {
            ...auth,
            body: { name: `project ${tag}`, description: '', sites: ['https://shop.example.com'] },
          });
          if (project.status !== 201) throw new Error(`project → ${project.status}`);
          acknowledged.push({
            kind: 'project',
            path: `/api/projects/${project.body.id}`,
            name: `project ${tag}`,
          });
          const categories = `/api/projects/${project.body.id}/categories`;
          const category = await api.call<{ id: string }>('POST', categories, {
            ...auth,
            body: { name: `category ${tag}` },
          });
          if (category.status !== 201) throw new Error(`category → ${category.status}`);
          acknowledged.push({
            kind: 'category',
            path: `${categories}/${category.body.id}`,
            name: `category ${tag}`,
          });
          const scenario = await api.call<{ id: string }>(
            'POST',
            `${categories}/${category.body.id}/scenarios`,
            {
              ...auth,
              body: { title: `guide ${tag}`, description: 'd', summary: 's', minDuration: 1, maxDuration: 2 },
            },
          );
          if (scenario.status !== 201) throw new Error(`scenario → ${scenario.status}`);
          acknowledged.push({
            kind: 'scenario',
            path: `/api/scenarios/${scenario.body.id}`,
            name: `guide ${tag}`,
          });
          for (const s of [1, 2]) {
            const step = await api.call<{ id: string }>('POST', `/api/scenarios/${scenario.body.id}/steps`, {
              ...auth,
              body: { name: `step ${tag}.${s}`, text: 'click', url: 'https://shop.example.com/cart' },
            });
            if (step.status !== 201) throw new Error(`step → ${step.status}`);
            const path = `/api/scenarios/${scenario.body.id}/steps/${step.body.id}`;
            acknowledged.push({ kind: 'step', path, name: `step ${tag}.${s}` });
            const shot = await api.call('PUT', `${path}/screenshot`, {
              ...auth,
              raw: png,
              contentType: 'image/png',
            });
            if (shot.status >= 300) throw new Error(`screenshot → ${shot.status}`);
            acknowledged.push({ kind: 'screenshot', path: `${path}/screenshot`, name: '' });
          }
        }
      } catch (error) {
        // The kill cuts the connection of the request in flight: it was never acknowledged.
        if (!stopped) throw error;
      }
    };
    const started = performance.now();
    const workers = [0, 1, 2, 3].map(worker);
    // Kill at an arbitrary point of the load, once it is well under way.
    while (acknowledged.length < 40 + round * 13) await sleep(10);
    stopped = true;
    await api.kill();
    const seconds = (performance.now() - started) / 1000;
    await Promise.allSettled(workers);
    console.info(
      `durability (${backend}) round ${round}: ${acknowledged.length} writes acknowledged in ${seconds.toFixed(1)} s ` +
        `(${(acknowledged.length / seconds).toFixed(0)}/s, 4 clients) before SIGKILL`,
    );
    return acknowledged;
  }

  it('keeps every acknowledged write and every session across SIGKILLs', async () => {
    const session = await api.signUp(mail, `durable-${Date.now()}@example.com`);
    const all: Acknowledged[] = [];
    for (const round of [1, 2]) {
      const acknowledged = await writeLoad(session, round);
      all.push(...acknowledged);
      await api.start();

      // The token issued before the kills still opens a session: the secret signing it was kept.
      const me = await api.call('GET', '/api/users/me', { token: session.token });
      expect(me.status, api.output).toBe(200);

      const missing: string[] = [];
      for (const write of all) {
        const answer = await api.call<Record<string, unknown> | string>('GET', write.path, session);
        if (answer.status !== 200) {
          missing.push(`${write.kind} ${write.path} → ${answer.status}`);
          continue;
        }
        if (write.kind === 'screenshot') continue;
        const body = answer.body as Record<string, unknown>;
        if ((body.name ?? body.title) !== write.name) missing.push(`${write.kind} ${write.path}: changed`);
      }
      expect(missing, `acknowledged writes lost after SIGKILL round ${round}`).toEqual([]);
    }
  }, 600_000);

  it.skipIf(backend !== 'pglite')(
    'refuses to start a second server on the same embedded database',
    async () => {
      // Two processes writing one PGlite directory would corrupt it.
      const second = new SpawnedApi(await freePort(), env);
      const failure = await second.start().then(
        () => null,
        (error: Error) => error.message,
      );
      await second.kill();
      expect(failure).toMatch(
        /the API exited \(1\)[\s\S]*is in use by process \d+ \(stop that server first\)/,
      );
      // The first one is unharmed.
      expect((await api.call('GET', '/api/translations/locales')).status).toBe(200);
    },
    60_000,
  );
});
