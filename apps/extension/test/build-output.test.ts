import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Issue 40: `pnpm start`'s build printed ~2,900 lines, 285 notices that a "use client" directive is dropped (React
// libraries and the design system carry it for server components, which an extension has none of). What a
// developer reads of the build is now what matters.
describe('the extension build', () => {
  it('prints no "use client" notice, so that a real warning stands out, and carries the logo as its icon', async () => {
    // built apart (its own output folder): the suites beside this one play the product's build
    const outDir = mkdtempSync(join(tmpdir(), 'mulot-extension-build-'));
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `await (await import('wxt')).build({ outDir: ${JSON.stringify(outDir)} });`,
        ],
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
      // the toolbar and the extensions page show the logo, at every size Chromium asks for
      const manifest = JSON.parse(readFileSync(join(outDir, 'chrome-mv3/manifest.json'), 'utf8')) as {
        icons?: Record<string, string>;
      };
      expect(Object.keys(manifest.icons ?? {}).sort()).toEqual(['128', '16', '32', '48']);
      for (const file of Object.values(manifest.icons ?? {}))
        expect(
          readFileSync(join(outDir, 'chrome-mv3', file))
            .subarray(1, 4)
            .toString(),
        ).toBe('PNG');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
