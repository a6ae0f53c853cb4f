// Several replicas of the real command (src/cli.ts) on one PostgreSQL database, behind nginx running the
// repository's configuration (deploy/nginx.conf): what the README's "Running several replicas" describes.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@mulot/testing/ports';
import { SpawnedApi } from './spawned-api.ts';

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const template = join(dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx.conf');

/** Why the replica suite cannot run here, or null. */
export function replicaSkipReason(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'no PostgreSQL (TEST_DATABASE_URL unset)';
  if (!existsSync(nginxPath)) return `no nginx at ${nginxPath} (apt-get install nginx, as .ci/run does)`;
  return null;
}

export class Balancer {
  readonly port: number;
  readonly #prefix: string;
  #child: ChildProcess | null = null;

  constructor(port: number) {
    this.port = port;
    this.#prefix = mkdtempSync(join(tmpdir(), 'mulot-nginx-'));
    // Workers run as nobody when the master is root: they write their temporary files here.
    chmodSync(this.#prefix, 0o755);
    for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(this.#prefix, dir));
      chmodSync(join(this.#prefix, dir), 0o777);
    }
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Writes the configuration with these replicas; those in `down` get no new requests. */
  configure(ports: number[], down: ReadonlySet<number> = new Set()): void {
    const upstreams = ports.map((p) => `    server 127.0.0.1:${p}${down.has(p) ? ' down' : ''};`).join('\n');
    const config = readFileSync(template, 'utf8')
      .replaceAll('{{PREFIX}}', this.#prefix)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${this.port}`)
      .replaceAll('{{UPSTREAMS}}', upstreams);
    writeFileSync(join(this.#prefix, 'nginx.conf'), config);
  }

  async start(): Promise<void> {
    this.#child = spawn(
      nginxPath,
      ['-p', this.#prefix, '-c', join(this.#prefix, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    this.#child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (this.#child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      try {
        await fetch(`${this.base}/`, { signal: AbortSignal.timeout(1000) });
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  /**
   * Applies the written configuration (SIGHUP: new workers take it, the old ones finish their requests and go) and
   * waits until the old workers are gone, so no request is sent by the old configuration afterwards.
   */
  async reload(): Promise<void> {
    const pid = this.#child?.pid;
    if (!pid) throw new Error('nginx is not running');
    const workers = () =>
      readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    const before = new Set(workers());
    process.kill(pid, 'SIGHUP');
    const deadline = Date.now() + 10_000;
    while (workers().some((w) => before.has(w)) || workers().length === 0) {
      if (Date.now() > deadline) throw new Error('nginx kept its old workers');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(this.#prefix, { recursive: true, force: true });
  }
}

/** `count` replicas of the real command on one database, behind nginx. */
export class Cluster {
  readonly replicas: SpawnedApi[];
  readonly balancer: Balancer;

  private constructor(replicas: SpawnedApi[], balancer: Balancer) {
    this.replicas = replicas;
    this.balancer = balancer;
  }

  static async start(count: number, env: Record<string, string>): Promise<Cluster> {
    const ports: number[] = [];
    while (ports.length < count + 1) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const [balancerPort = 0, ...apiPorts] = ports;
    // The balancer forwards the client's address: rate limits key on it (TRUST_PROXY).
    const replicas = apiPorts.map((port) => new SpawnedApi(port, { TRUST_PROXY: 'true', ...env }));
    const balancer = new Balancer(balancerPort);
    try {
      // The first one migrates the database; the others then start together.
      await replicas[0]?.start();
      await Promise.all(replicas.slice(1).map((r) => r.start()));
      balancer.configure(apiPorts);
      await balancer.start();
    } catch (error) {
      await balancer.stop();
      await Promise.all(replicas.map((r) => r.kill()));
      throw error;
    }
    return new Cluster(replicas, balancer);
  }

  get ports(): number[] {
    return this.replicas.map((r) => r.port);
  }

  async stop(): Promise<void> {
    await this.balancer.stop();
    await Promise.all(this.replicas.map((r) => r.kill()));
  }
}
