import type { FastifyError, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { toProblem } from '../src/plugins/app/problems.ts';
import { HttpProblem, localeOf, render } from '../src/problems.ts';

const request = { headers: {} } as FastifyRequest;

function fromDatabase(code: string): HttpProblem {
  return toProblem(Object.assign(new Error('db'), { code }) as FastifyError, request);
}

describe('problems', () => {
  // Issue 40: "(en-tête x-organization-id)" reached a user on the dashboard. Every text is read by a person.
  it('names no header, command or code in any message a user reads', () => {
    for (const [key, text] of Object.entries(messages)) {
      for (const message of Object.values(text)) {
        expect(message, key).not.toMatch(
          /\bx-[a-z]|en-tête|\bheader\b|\bpnpm\b|if-match|etag|urn:|[a-z]+-[a-z]+-[a-z]+/i,
        );
      }
    }
  });

  it('turns a concurrent change lost in the database into a 409, not a 500', () => {
    for (const code of ['23505', '23503', '40001', '40P01']) {
      expect(fromDatabase(code).status, code).toBe(409);
    }
    expect(fromDatabase('XX000').status).toBe(500);
  });

  it('renders RFC 9457 problems in the request language, French by default', () => {
    expect(localeOf(undefined)).toBe('fr');
    expect(localeOf('en-GB')).toBe('en');
    expect(localeOf('de')).toBe('fr');
    const problem = new HttpProblem('rate-limited', {
      params: { minutes: 3 },
      headers: { 'retry-after': '170' },
    });
    expect(render(problem, 'fr', '/api/auth/login')).toEqual({
      type: 'urn:mulot:problem:rate-limited',
      title: 'Too many requests',
      status: 429,
      detail: 'Trop de tentatives. Réessayez dans 3 minute(s).',
      code: 'rate-limited',
      instance: '/api/auth/login',
    });
    expect(render(problem, 'en').detail).toBe('Too many attempts. Try again in 3 minute(s).');
  });

  // Issue 14: every 400 names where the problem is, with a key the client translates.
  it('names a place and a key on every 400, even without a field', () => {
    expect(render(new HttpProblem('malformed-json'), 'fr').errors).toEqual([
      {
        in: 'body',
        pointer: '',
        code: 'malformed-json',
        field: '/body',
        message: "Le corps de la requête n'est pas un JSON valide.",
      },
    ]);
    const header = render(
      new HttpProblem('validation', { fields: [{ field: '/headers/if-match', key: 'field.if-match' }] }),
      'en',
    );
    expect(header.errors?.[0]).toMatchObject({ in: 'header', pointer: '/if-match', code: 'field.if-match' });
    const param = render(
      new HttpProblem('validation', { fields: [{ field: '/params/id', key: 'field.uuid' }] }),
      'en',
    );
    expect(param.errors?.[0]).toMatchObject({ in: 'path', pointer: '/id', code: 'field.uuid' });
  });
});
