// `pnpm test`: every suite of the repository, arranged for a 2-core machine (docs/decisions/0007-test-pipeline.md).
//
// 1. checks: lint and one typecheck of every package (which also runs the Panda and route codegen);
// 2. two lanes side by side: the database lane (contract, demo site, API on PGlite and PostgreSQL, player) and the
//    product lane, which builds the product ONCE (back-office → apps/backoffice/build/client, extension →
//    apps/extension/.output, embed snippet → apps/embed/dist) and then runs every suite that needs it: stories,
//    back-office e2e, extension, embed.
//    A new suite that needs the built product goes in the product lane after the builds and never builds again.
//
// A Vitest test that fails once is run again (@mulot/testing/retries); one that passed only then is listed under the
// table.
//
// Each step's output is kept and printed whole when the step ends, so that two lanes never interleave their lines;
// a failed step stops its lane, the other lane finishes, and the run fails. The table at the end gives each step's
// wall and CPU time, and the CPU the whole machine spent: compare them with a previous run's before adding a suite.
//
// Nothing is left out silently: the table has a SKIPPED row, with the reason, for every step that did not run and for
// every suite that could not run on this machine (it says so through @mulot/testing/skips). Where PostgreSQL was
// expected (.ci/run found it and sets MULOT_EXPECT_POSTGRES=1), a skip that needs it fails the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { flakyFileVariable, retriesVariable } from '@mulot/testing/retries';
import { expectPostgresVariable, type Skip, skipsFileVariable } from '@mulot/testing/skips';

interface Step {
  name: string;
  command: string;
  /** Where it runs, relative to the repository root. */
  cwd?: string;
  /** Steps (of any lane) that must have passed before this one starts. */
  needs?: string[];
}

const root = resolve(import.meta.dirname, '..');

// Lint and the typecheck first: a type error fails the run in a minute and a half, before any browser starts.
const checks: Step[][] = [
  [{ name: 'lint', command: 'pnpm lint' }],
  [{ name: 'typecheck (every package, with codegen)', command: 'pnpm typecheck' }],
];

const lanes: Step[][] = [
  [
    { name: 'api-client (generated client up to date)', command: 'pnpm --filter @mulot/api-client test' },
    { name: 'demo-site', command: 'pnpm --filter @mulot/demo-site test' },
    {
      name: 'api (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)',
      command: 'pnpm --filter @mulot/api test',
    },
    { name: 'player', command: 'pnpm --filter @mulot/player test' },
    { name: 'reader (the start rules’ decision)', command: 'pnpm --filter @mulot/reader test' },
    {
      name: 'extension (built extension + product)',
      command: 'pnpm --filter @mulot/extension test',
      // (the managed-policy suite also plays a page that carries the embed snippet)
      needs: ['build back-office', 'build extension', 'build embed'],
    },
    {
      name: 'embed (the snippet on the demo site, built product, no extension)',
      command: 'pnpm --filter @mulot/embed test',
      needs: ['build back-office', 'build embed'],
    },
  ],
  [
    // The one build of the product (codegen ran with the typecheck): every later suite of this lane uses it.
    { name: 'build back-office', command: 'pnpm --filter @mulot/backoffice build:app' },
    { name: 'build extension', command: 'pnpm --filter @mulot/extension build' },
    { name: 'build embed', command: 'pnpm --filter @mulot/embed build' },
    { name: 'ui stories (play, axe, screenshots)', command: 'pnpm --filter @mulot/ui test' },
    { name: 'back-office e2e (built product)', command: 'pnpm --filter @mulot/backoffice test' },
  ],
];

interface Result {
  name: string;
  /** What a failed step printed about its failures, repeated under the table (a CI log may keep only its end). */
  failures?: string;
  seconds: number;
  /**
   * User + system CPU seconds of the processes the step waited for. Browsers the step killed rather than waited for
   * (Chromium's helpers) and servers it talked to (PostgreSQL) are not in it: the machine's total below has them.
   */
  cpu: number;
  ok: boolean;
  /** Why the step did not run. */
  skipped?: string;
}
const results: Result[] = [];
const notRun = (name: string, why: string) =>
  results.push({ name, seconds: 0, cpu: 0, ok: false, skipped: why });

// The suites write their skips here (@mulot/testing/skips); the steps' processes inherit the variable.
const scratch = mkdtempSync(join(tmpdir(), 'mulot-test-'));
const skipsFile = join(scratch, 'skipped.jsonl');
process.env[skipsFileVariable] = skipsFile;
// Every suite shares the machine with the others: a Vitest test that fails once runs again, and one that passes only
// then is named under the table (@mulot/testing/retries).
const flakyFile = join(scratch, 'flaky.txt');
process.env[flakyFileVariable] = flakyFile;
process.env[retriesVariable] = '1';
const expectPostgres = process.env[expectPostgresVariable] === '1';
if (expectPostgres && !process.env.TEST_DATABASE_URL) {
  console.error(
    `${expectPostgresVariable}=1 but TEST_DATABASE_URL is unset: the PostgreSQL suites would not run`,
  );
  process.exit(1);
}
const skips: Skip[] = [];
if (!process.env.TEST_DATABASE_URL)
  skips.push({
    suite: 'api on PostgreSQL (every api suite again, and the PostgreSQL-only ones)',
    reason: 'TEST_DATABASE_URL is unset',
    postgres: true,
  });

const finished = new Map<string, PromiseWithResolvers<boolean>>();
function outcome(name: string): PromiseWithResolvers<boolean> {
  let entry = finished.get(name);
  if (!entry) {
    entry = Promise.withResolvers<boolean>();
    finished.set(name, entry);
  }
  return entry;
}

async function run(step: Step): Promise<boolean> {
  const needed = await Promise.all((step.needs ?? []).map((name) => outcome(name).promise));
  if (!needed.every(Boolean)) {
    const failed = (step.needs ?? []).filter((_name, i) => !needed[i]);
    notRun(step.name, `not run: ${failed.join(', ')} did not pass`);
    outcome(step.name).resolve(false);
    return false;
  }
  const started = performance.now();
  console.log(`▶ ${step.name}`);
  return new Promise((done) => {
    // Bash's `time` counts every process the step waited for; it reports on the shell's own stderr, apart from the
    // step's output, which goes to stdout.
    const child = spawn('bash', ['-c', `TIMEFORMAT='%3U %3S'; time { ${step.command}; } 2>&1`], {
      cwd: resolve(root, step.cwd ?? '.'),
      // Plain text: a CI log shows colour codes as noise.
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    let times = '';
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      times += chunk.toString('utf8');
    });
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      const [user = 0, system = 0] = times.trim().split(/\s+/).slice(-2).map(Number);
      const printed = Buffer.concat(output).toString('utf8').trimEnd();
      results.push({
        name: step.name,
        seconds,
        cpu: user + system,
        ok,
        ...(ok ? {} : { failures: digest(printed) }),
      });
      const mark = ok ? '✓' : '✗';
      process.stdout.write(
        `\n${mark} ${step.name} — ${seconds.toFixed(0)} s\n${printed}\n${mark} end of ${step.name}\n\n`,
      );
      outcome(step.name).resolve(ok);
      done(ok);
    });
  });
}

/**
 * The part of a failed step's output that says what failed: Vitest's "Failed Tests" section (its first lines), else
 * the output's end.
 */
function digest(printed: string): string {
  const lines = stripVTControlCharacters(printed).split('\n');
  const section = lines.findIndex((line) => /⎯ Failed Tests \d+ ⎯/.test(line));
  const kept = section >= 0 ? lines.slice(section, section + 150) : lines.slice(-60);
  return kept.join('\n');
}

async function lane(steps: Step[]): Promise<boolean> {
  for (const [index, step] of steps.entries()) {
    if (!(await run(step))) {
      // Whoever waits on the steps this lane will not run must not wait forever.
      for (const skipped of steps.slice(index + 1)) {
        notRun(skipped.name, `not run: ${step.name} did not pass`);
        outcome(skipped.name).resolve(false);
      }
      return false;
    }
  }
  return true;
}

/** The lanes of a stage side by side; the stage passes when every lane does. */
async function stage(lanes: Step[][]): Promise<boolean> {
  return (await Promise.all(lanes.map(lane))).every(Boolean);
}

/** CPU seconds the whole machine has been busy since boot (Linux), whoever used them. */
function machineBusy(): number {
  try {
    const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
      .trim()
      .split(/\s+/)
      .map(Number);
    // user nice system idle iowait irq softirq steal: all but idle and iowait; the kernel counts in 1/100 s
    return ticks.slice(0, 8).reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + t), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

const started = performance.now();
const busyAtStart = machineBusy();
let ok = false;
const stages = [checks, lanes];
for (const [index, stageLanes] of stages.entries()) {
  ok = await stage(stageLanes);
  if (!ok) {
    for (const step of stages.slice(index + 1).flat(2)) notRun(step.name, 'not run: the checks did not pass');
    break;
  }
}

if (existsSync(skipsFile))
  for (const line of readFileSync(skipsFile, 'utf8').split('\n').filter(Boolean)) {
    const skip = JSON.parse(line) as Skip;
    // A suite run by several processes (Vitest projects, workers) may say it more than once.
    if (!skips.some((s) => s.suite === skip.suite && s.reason === skip.reason)) skips.push(skip);
  }
const flaky = existsSync(flakyFile)
  ? [...new Set(readFileSync(flakyFile, 'utf8').split('\n').filter(Boolean))]
  : [];
rmSync(scratch, { recursive: true, force: true });
for (const skip of skips) notRun(skip.suite, skip.reason);
const unexpected = expectPostgres ? skips.filter((s) => s.postgres) : [];
if (unexpected.length) ok = false;

const total = (performance.now() - started) / 1000;
const width = Math.max(...results.map((r) => r.name.length));
console.log('step'.padEnd(width), '  wall time     CPU time');
for (const r of results)
  console.log(
    r.name.padEnd(width),
    ...(r.skipped
      ? ['SKIPPED', r.skipped]
      : [`${r.seconds.toFixed(0).padStart(5)} s`, `${r.cpu.toFixed(0).padStart(8)} s`, r.ok ? '' : 'FAILED']),
  );
const cpu = results.reduce((sum, r) => sum + r.cpu, 0);
console.log('total'.padEnd(width), `${total.toFixed(0).padStart(5)} s`, `${cpu.toFixed(0).padStart(8)} s`);
const busy = machineBusy() - busyAtStart;
if (Number.isFinite(busy))
  console.log(
    `the machine was busy ${busy.toFixed(0)} CPU s of ${(total * availableParallelism()).toFixed(0)} (${availableParallelism()} cores), browsers and PostgreSQL included`,
  );
if (flaky.length)
  console.log(
    `\npassed only on a second run (a wait too short for a busy machine, or a race: make it sturdy)\n${flaky.join('\n')}`,
  );
for (const r of results.filter((r) => r.failures))
  console.log(`\n✗ what failed in ${r.name} (the whole output is above)\n${r.failures}`);
if (unexpected.length)
  console.log(
    `FAILED: PostgreSQL was expected (${expectPostgresVariable}=1, set by .ci/run when it finds a server), but ${unexpected.map((s) => s.suite).join(', ')} did not run`,
  );
process.exit(ok ? 0 : 1);
