import { describe, expect, it } from 'vitest';
import { checkResponse } from './support/contract.ts';

// The response checker is what proves every answer matches openapi.yaml; it must be able to say no.
describe('the contract checker', () => {
  it('rejects answers that break the contract', () => {
    const project = {
      id: '5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'P',
      description: '',
      sites: [],
      siteKey: `mlt_pk_${'a'.repeat(32)}`,
      categories: [],
      categoryCount: 0,
      scenarioCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const page = (items: unknown[]) => ({
      items,
      nextCursor: null,
      stats: { total: items.length, withScenarios: 0, modifiedLast7Days: 0 },
    });
    expect(checkResponse('GET', '/api/projects', 200, 'application/json', page([project]))).toEqual([]);
    expect(
      checkResponse('GET', '/api/projects', 200, 'application/json', page([{ ...project, id: 1 }])),
    ).not.toEqual([]);
    expect(
      checkResponse('GET', '/api/projects', 200, 'application/json', page([{ ...project, secret: 'x' }])),
    ).not.toEqual([]);
    // The list as it was before it was paged (a bare array) is no longer the contract's answer.
    expect(checkResponse('GET', '/api/projects', 200, 'application/json', [project])).not.toEqual([]);
    expect(checkResponse('GET', '/api/projects', 418, 'application/json', [])).not.toEqual([]);
    expect(checkResponse('GET', '/api/projects', 200, 'text/html', [])).not.toEqual([]);
    expect(checkResponse('GET', '/api/projects', 403, 'application/json', { title: 'x' })).not.toEqual([]);
    expect(
      checkResponse('DELETE', '/api/projects/5f7a2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b', 204, null, { x: 1 }),
    ).not.toEqual([]);
    expect(checkResponse('GET', '/api/unknown', 200, 'application/json', {})).not.toEqual([]);
  });
});
