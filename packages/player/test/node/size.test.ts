import { expect, test } from 'vitest';
import { RUNTIME_CEILING, runtimeSize } from '../../bench/size.ts';

test('the runtime, minified and gzipped, stays under its ceiling', async () => {
  const { gzipped, minified } = await runtimeSize();
  // a bundle that built nothing would pass any ceiling
  expect(minified).toBeGreaterThan(10_000);
  expect(gzipped).toBeLessThanOrEqual(RUNTIME_CEILING);
});
