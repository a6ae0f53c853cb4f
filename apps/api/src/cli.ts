#!/usr/bin/env node
import { ConfigError, configFromEnv } from './config.ts';
import { buildServer } from './server.ts';

let config: ReturnType<typeof configFromEnv>;
try {
  config = configFromEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`mulot: configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const app = await buildServer(config);
await app.listen({ port: config.port, host: config.host });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}
