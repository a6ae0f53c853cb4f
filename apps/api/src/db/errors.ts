/**
 * Whether an error means "the database cannot be reached right now" (server restarting, stopped, unreachable,
 * pool timed out) rather than "this query is wrong". The first answers 503 with Retry-After: the request may
 * succeed as is a moment later, and the pool replaces the broken connections by itself.
 */

// Node socket errors seen by node-postgres when the server is down, restarting or unreachable.
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// SQLSTATEs of a server going away or not accepting connections yet.
const unavailableStates = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (pg_ctl stop -m fast)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);

// node-postgres reports a dropped or timed-out connection with a plain Error and one of these messages.
const messages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error and is not queryable/i,
  /cannot use a pool after calling end/i,
  /server closed the connection unexpectedly/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (socketCodes.has(code) || unavailableStates.has(code)) return true;
      // Class 08: connection exception.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && messages.some((m) => m.test(message))) return true;
    // AggregateError (several addresses refused) and wrapped causes.
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
