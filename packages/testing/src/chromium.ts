// The one Chromium every browser suite and bench runs: the machine's own (never a downloaded one), headless, with the
// flags that keep it quiet and steady on a shared CI machine.
import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  // CI runs as root in a container, where Chromium's sandbox cannot start.
  '--no-sandbox',
  '--disable-gpu',
  // /dev/shm is 64 MB in containers: a big page crashes the renderer there.
  '--disable-dev-shm-usage',
  // No update checks or field trials: nothing but the page under test uses the network or the CPU.
  '--disable-background-networking',
  '--disable-component-update',
];

/**
 * The launch options, for Playwright (`use.launchOptions`, `chromium.launch`) and for Vitest's browser mode
 * (`playwright({ launchOptions })`): a fresh object each call, so that no two configurations share one.
 */
export function chromiumLaunchOptions(extraArgs: readonly string[] = []): {
  executablePath: string;
  args: string[];
} {
  return { executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] };
}

/** Chromium, headless. */
export function launchChromium(options: Omit<LaunchOptions, 'executablePath'> = {}): Promise<Browser> {
  const { args = [], ...rest } = options;
  return chromium.launch({ headless: true, ...rest, ...chromiumLaunchOptions(args) });
}

type PersistentOptions = NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>;

/**
 * Chromium's default (persistent) context on `profileDir`: the one an unpacked extension loads into (MV3 content
 * scripts and service workers run headless), and the one Lighthouse opens its tab in.
 */
export function launchPersistentChromium(
  profileDir: string,
  options: Omit<PersistentOptions, 'executablePath'> & { extension?: string } = {},
): Promise<BrowserContext> {
  const { args = [], extension, ...rest } = options;
  const extensionArgs = extension
    ? [`--disable-extensions-except=${extension}`, `--load-extension=${extension}`]
    : [];
  return chromium.launchPersistentContext(profileDir, {
    headless: true,
    ...rest,
    ...chromiumLaunchOptions([...extensionArgs, ...args]),
  });
}
