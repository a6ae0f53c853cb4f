// Under `pnpm test` every suite shares the 2-core machine with all the others, and a wait that always holds alone can
// run out there (a story's stable screenshot, a server's readiness, a count written a second later). So a test that
// fails once is run again — but never silently: one that passes only on its second run is named under the run's
// table (scripts/test.ts), to be made sturdy rather than forgotten. A suite run by itself gets no second run.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Set by scripts/test.ts: how many more runs a failed test gets. */
export const retriesVariable = 'MULOT_TEST_RETRIES';
/** The file scripts/test.ts collects the tests that passed on a second run in, one line each. */
export const flakyFileVariable = 'MULOT_FLAKY_FILE';

/** The `retry` of a Vitest config: none unless `pnpm test` asks for it. */
export function retries(): number {
  const asked = Number(process.env[retriesVariable]);
  return Number.isInteger(asked) && asked > 0 ? asked : 0;
}

/** What the reporter reads of Vitest's TestCase (each suite's own Vitest hands it over). */
interface FinishedTest {
  readonly project: { readonly name: string };
  readonly module: { readonly moduleId: string };
  readonly fullName: string;
  diagnostic(): { readonly flaky: boolean } | undefined;
}

/** A Vitest reporter (beside 'default') that records and prints each test passed on a second run. */
export class FlakyReporter {
  onTestCaseResult(testCase: FinishedTest): void {
    if (!testCase.diagnostic()?.flaky) return;
    const project = testCase.project.name ? `|${testCase.project.name}| ` : '';
    const line = `${project}${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`;
    const file = process.env[flakyFileVariable];
    if (file) appendFileSync(file, `${line}\n`);
    console.warn(`PASSED ON A SECOND RUN ${line}`);
  }
}
