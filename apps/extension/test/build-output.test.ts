import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue 40: `pnpm start`'s build printed ~2,900 lines, 285 notices that a "use client" directive is dropped (React
// libraries and the design system carry it for server components, which an extension has none of). What a
// developer reads of the build is now what matters.
describe('the extension build', () => {
  it('prints no "use client" notice, so that a real warning stands out', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [resolve(import.meta.dirname, '../node_modules/wxt/bin/wxt.mjs'), 'build'],
      {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...process.env, NO_COLOR: '1', CI: '1' },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 280_000,
      },
    );
    const output = `${stdout}\n${stderr}`;
    expect(output).not.toContain('"use client"');
    expect(output).not.toContain('MODULE_LEVEL_DIRECTIVE');
    expect(existsSync(resolve(import.meta.dirname, '../.output/chrome-mv3/manifest.json'))).toBe(true);
  });
});
