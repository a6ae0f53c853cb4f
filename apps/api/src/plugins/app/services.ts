// What every handler is given (database, tokens, mail outbox, storage, limits, caches), opened at boot and closed
// with the server.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { StatisticsKeeper } from '../../db/maintenance.ts';
import { IdentifySightings } from '../../identify-sightings.ts';
import { echoRequestId } from '../../logging.ts';
import { createMailer } from '../../mail.ts';
import { OutboxWorker } from '../../outbox.ts';
import { type Locale, localeOf } from '../../problems.ts';
import { PublicCounts } from '../../public-counts.ts';
import { RateLimits } from '../../rate-limit.ts';
import { projectBySiteKey } from '../../repositories/projects.ts';
import { AccessRows } from '../../repositories/users.ts';
import {
  AnonymousRunRetention,
  UnansweredQuestionRetention,
  unansweredQuestionRetentionDays,
} from '../../retention.ts';
import { loadJwtSecret, Tokens } from '../../security.ts';
import { SiteKeys } from '../../site-keys.ts';
import { SiteSightings } from '../../site-sightings.ts';
import { DatabaseScreenshotStorage } from '../../storage.ts';
import type { Caller, Services, Site } from '../../types.ts';
import { UnansweredQuestions } from '../../unanswered-questions.ts';
import { ReadCache } from './read-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mulot: Services;
  }
  interface FastifyRequest {
    caller: Caller | null;
    site: Site | null;
    locale: Locale;
  }
}

/**
 * Ready (or listening), the server starts the mail outbox worker; closing it waits for the requests in progress,
 * stops the worker after the mail it is sending, and closes the database.
 */
export default fp(async function services(app: FastifyInstance, { config }: { config: Config }) {
  const db = await openDatabase(config.database);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    // Only the outbox worker sends: its lines (the development mailbox's link included) say so.
    log: app.log.child({ component: 'outbox' }),
  });
  const jwtSecret = await loadJwtSecret(db, config.jwtSecret);
  const services: Services = {
    config,
    db,
    tokens: new Tokens(jwtSecret, config.jwtTtlSeconds),
    outbox: new OutboxWorker(db, mailer, app.log, config.outbox, config.database.kind !== 'postgres'),
    storage: new DatabaseScreenshotStorage(db),
    limits: new RateLimits(db, {
      'failed-login': { windowMs: config.rateLimit.windowMs, limit: config.rateLimit.failedLogins },
      'auth-request': { windowMs: config.rateLimit.windowMs, limit: config.rateLimit.authRequests },
      // "send me a new link": as many mails per address as failed logins, so a mailbox cannot be flooded
      'resend-link': { windowMs: config.rateLimit.windowMs, limit: config.rateLimit.failedLogins },
    }),
    publicCounts: new PublicCounts(
      db,
      { 'public-client': config.rateLimit.publicPerClient, 'public-key': config.rateLimit.publicPerKey },
      config.rateLimit.publicWindowMs,
      // Its own key, derived: the client hashes never serve as anything a token could be checked with.
      createHmac('sha256', jwtSecret).update('mulot public-client addresses').digest('base64url'),
    ),
    reads: new ReadCache(),
    siteKeys: new SiteKeys((key) => projectBySiteKey(db, key)),
    siteSightings: new SiteSightings(db),
    identifySightings: new IdentifySightings(db),
    accessRows: AccessRows.for(db),
    unansweredQuestions: new UnansweredQuestions(db, app.log.child({ component: 'unanswered-questions' })),
    log: app.log,
  };
  // PostgreSQL's autovacuum keeps the planner's statistics; the embedded database has nothing else to do it.
  const statistics =
    config.database.kind === 'postgres'
      ? null
      : new StatisticsKeeper(db, {
          onError: (error) => app.log.warn({ err: error }, 'planner statistics not refreshed'),
        });
  const retention = new AnonymousRunRetention(db, {
    days: config.anonymousRunRetentionDays,
    onError: (error) => app.log.warn({ err: error }, 'anonymous runs past their retention not deleted'),
  });
  const questionRetention = new UnansweredQuestionRetention(db, {
    days: unansweredQuestionRetentionDays,
    onError: (error) => app.log.warn({ err: error }, 'assistant questions past their retention not deleted'),
  });
  app.decorate('mulot', services);
  app.decorateRequest('caller', null);
  app.decorateRequest('site', null);
  app.decorateRequest('locale', 'fr');
  echoRequestId(app);
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeOf(request.headers['x-locale']);
    done();
  });
  app.addHook('onReady', async () => {
    services.outbox.start();
    services.publicCounts.start();
    services.siteSightings.start();
    services.identifySightings.start();
    statistics?.start();
    retention.start();
    services.unansweredQuestions.start();
    questionRetention.start();
  });
  // Runs once the server has stopped accepting and the requests in progress have been answered.
  app.addHook('onClose', async () => {
    await services.outbox.stop();
    await services.publicCounts.stop();
    await services.siteSightings.stop();
    await services.identifySightings.stop();
    await statistics?.stop();
    await retention.stop();
    await services.unansweredQuestions.stop();
    await questionRetention.stop();
    mailer.close();
    await db.destroy();
  });
});
