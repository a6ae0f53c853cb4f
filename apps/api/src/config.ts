import { isAbsolute, resolve } from 'node:path';
import type { DatabaseTarget } from './db/index.ts';
import type { OutboxOptions } from './outbox.ts';

export interface Config {
  port: number;
  host: string;
  /** Where PGlite keeps its files, the JWT secret fallback and the development mailbox. */
  dataDir: string;
  database: DatabaseTarget;
  /** smtp://host:port (or smtps://); without it mails are written as .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public origin of the product; mailed links must point to it. Unset: localhost origins only. */
  publicUrl: string | undefined;
  /** HMAC secret of session tokens; unset: generated once and kept in the database. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  logLevel: string;
  /** Built back-office served on the same port (null: none). */
  backofficeDir: string | null;
  /** The built embed snippet (`embed.js` and its `embed/` chunks) served to customers' sites (null: none). */
  embedDir: string | null;
  /** Where the build leaves the packaged extension (`mulot-extension-<version>.zip`); null: none served. */
  extensionDir: string | null;
  /** The extension's store listing, offered to authors instead of the package; unset: the package only. */
  extensionStoreUrl: string | undefined;
  /** scrypt cost parameter N (a power of two). */
  scryptCost: number;
  rateLimit: {
    windowMs: number;
    /** Failed logins allowed per email and per client within the window. */
    failedLogins: number;
    /** Requests to the auth endpoints allowed per client within the window. */
    authRequests: number;
    /**
     * The public calls a customer's site makes for its end users (issue 39), within `publicWindowMs`: per client
     * address, and per site key (all of a busy site's visitors together).
     */
    publicWindowMs: number;
    publicPerClient: number;
    publicPerKey: number;
  };
  screenshotMaxBytes: number;
  jsonBodyLimit: number;
  codeTtlSeconds: { confirm: number; reset: number; invite: number };
  /** Trust X-Forwarded-For (behind a load balancer) to identify clients for rate limiting. */
  trustProxy: boolean;
  /** Retry and lease timings of the mail outbox worker. */
  outbox: OutboxOptions;
  /**
   * Anonymous runs (end users on a customer's site, issue 39) are deleted this many days after they started: the
   * dashboard's daily figures stay (they are summed as runs arrive), guide health looks at 30 days.
   */
  anonymousRunRetentionDays: number;
  /** OpenAI-compatible model that reranks the assistant's full-text candidates; null: full-text search only. */
  llm: LlmConfig | null;
}

export interface LlmConfig {
  /** Base URL of an OpenAI-compatible API; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** After this long the full-text answer is served instead. */
  timeoutMs: number;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function defaultConfig(base = process.cwd()): Config {
  const dataDir = resolve(base, 'data');
  return {
    port: 3000,
    host: '0.0.0.0',
    dataDir,
    database: { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    smtpUrl: undefined,
    mailFrom: 'Mulot <no-reply@mulot.local>',
    publicUrl: undefined,
    anonymousRunRetentionDays: 90,
    jwtSecret: undefined,
    jwtTtlSeconds: 7 * 24 * 3600,
    logLevel: 'info',
    backofficeDir: resolve(repoRoot, 'apps/backoffice/build/client'),
    extensionDir: resolve(repoRoot, 'apps/extension/.output'),
    embedDir: resolve(repoRoot, 'apps/embed/dist'),
    extensionStoreUrl: undefined,
    scryptCost: 2 ** 16,
    rateLimit: {
      windowMs: 15 * 60 * 1000,
      failedLogins: 10,
      authRequests: 300,
      publicWindowMs: 60 * 1000,
      publicPerClient: 300,
      publicPerKey: 20_000,
    },
    screenshotMaxBytes: 2 * 1024 * 1024,
    jsonBodyLimit: 1024 * 1024,
    codeTtlSeconds: { confirm: 7 * 24 * 3600, reset: 3600, invite: 7 * 24 * 3600 },
    trustProxy: false,
    // Retries 1 s, 2 s, 4 s… up to a minute; a worker that died while sending is taken over after 2 minutes.
    outbox: { baseDelayMs: 1000, maxDelayMs: 60_000, leaseMs: 120_000, pollMs: 5000 },
    llm: null,
  };
}

export class ConfigError extends Error {}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function checkUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // It may hold a password: shown only when it cannot.
    throw new ConfigError(`${name} is not a URL${value.includes('@') ? '' : `: "${value}"`}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${redacted(url, value)}"`,
    );
  }
  if (!url.hostname && url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`${name} has no host name: "${redacted(url, value)}"`);
  }
  return value;
}

/** A URL as it may be printed: its password replaced. */
function redacted(url: URL, value: string): string {
  if (!url.password) return value;
  const copy = new URL(url);
  copy.password = '***';
  return copy.toString();
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the environment variables documented in the README; throws a ConfigError naming what is wrong. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  // `pnpm start` at the root runs this package in apps/api; relative paths mean the directory pnpm was started in.
  const base = env.INIT_CWD && isAbsolute(env.INIT_CWD) ? env.INIT_CWD : process.cwd();
  const config = defaultConfig(base);
  if (env.PORT) {
    // 0: a free port chosen by the system (logged at start).
    const port = env.PORT === '0' ? 0 : positiveInt('PORT', env.PORT);
    if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got "${env.PORT}"`);
    config.port = port;
  }
  if (env.HOST) config.host = env.HOST;
  if (env.DATA_DIR) {
    config.dataDir = resolve(base, env.DATA_DIR);
    config.database = { kind: 'pglite', dataDir: resolve(config.dataDir, 'pglite') };
  }
  if (env.DATABASE_URL) {
    config.database = {
      kind: 'postgres',
      url: checkUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    };
  }
  if (env.SMTP_URL) config.smtpUrl = checkUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']);
  if (env.MAIL_FROM) config.mailFrom = env.MAIL_FROM;
  if (env.PUBLIC_URL)
    config.publicUrl = new URL(checkUrl('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:'])).origin;
  if (env.ANONYMOUS_RUN_RETENTION_DAYS)
    config.anonymousRunRetentionDays = positiveInt(
      'ANONYMOUS_RUN_RETENTION_DAYS',
      env.ANONYMOUS_RUN_RETENTION_DAYS,
    );
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long');
    config.jwtSecret = env.JWT_SECRET;
  }
  if (env.LOG_LEVEL) {
    if (!logLevels.includes(env.LOG_LEVEL))
      throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${env.LOG_LEVEL}"`);
    config.logLevel = env.LOG_LEVEL;
  }
  if (env.BACKOFFICE_DIR !== undefined)
    config.backofficeDir = env.BACKOFFICE_DIR ? resolve(base, env.BACKOFFICE_DIR) : null;
  if (env.EMBED_DIR !== undefined) config.embedDir = env.EMBED_DIR ? resolve(base, env.EMBED_DIR) : null;
  if (env.EXTENSION_DIR !== undefined)
    config.extensionDir = env.EXTENSION_DIR ? resolve(base, env.EXTENSION_DIR) : null;
  if (env.EXTENSION_STORE_URL)
    config.extensionStoreUrl = checkUrl('EXTENSION_STORE_URL', env.EXTENSION_STORE_URL, ['https:', 'http:']);
  if (env.TRUST_PROXY) {
    if (!['true', 'false', '1', '0'].includes(env.TRUST_PROXY))
      throw new ConfigError(`TRUST_PROXY must be true or false, got "${env.TRUST_PROXY}"`);
    config.trustProxy = env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1';
  }
  config.llm = llmFromEnv(env);
  return config;
}

/**
 * What a production server can run without but should not: logged as warnings at start. A development server
 * (NODE_ENV other than production) stays quiet.
 */
export function startupWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!config.jwtSecret) {
    warnings.push(
      'JWT_SECRET is not set: sessions are signed with a secret generated into the database; set JWT_SECRET (32 characters or more) to keep it out of the database and share it between replicas',
    );
  }
  if (!config.publicUrl) {
    warnings.push(
      'PUBLIC_URL is not set: links in mails can only point to localhost; set it to the address users open',
    );
  }
  return warnings;
}

const llmVariables = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;

/** The model is all or nothing: a partial set is a mistake worth stopping for, not a silent full-text fallback. */
function llmFromEnv(env: NodeJS.ProcessEnv): LlmConfig | null {
  const set = llmVariables.filter((name) => env[name]);
  if (set.length === 0) {
    if (env.LLM_TIMEOUT_MS)
      throw new ConfigError('LLM_TIMEOUT_MS is set but LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are not');
    return null;
  }
  const missing = llmVariables.filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigError(
      `${missing.join(', ')} must be set too when ${set.join(', ')} is set (the assistant's model)`,
    );
  const baseUrl = checkUrl('LLM_BASE_URL', env.LLM_BASE_URL as string, ['http:', 'https:']).replace(
    /\/+$/,
    '',
  );
  return {
    baseUrl,
    apiKey: env.LLM_API_KEY as string,
    model: env.LLM_MODEL as string,
    timeoutMs: env.LLM_TIMEOUT_MS ? positiveInt('LLM_TIMEOUT_MS', env.LLM_TIMEOUT_MS) : 8000,
  };
}
