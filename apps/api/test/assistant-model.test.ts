// The optional model path of POST /assistant, against a local OpenAI-compatible server on loopback (port 0) whose
// behaviour each test chooses: a good answer, an HTTP error, silence (timeout), garbage, invented ids.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.ts';
import type { Schemas } from '../src/types.ts';
import { type Session, startServer, type TestServer } from './support/harness.ts';

type Answer = Schemas['AssistantAnswer'];
type Behaviour = (body: ChatRequest, res: ServerResponse) => void;

interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
}

let model: Server;
let behaviour: Behaviour;
const received: Array<{ headers: IncomingMessage['headers']; url: string | undefined; body: ChatRequest }> =
  [];
const held: ServerResponse[] = [];
let server: TestServer;
let author: Session;
const guides = new Map<string, string>();

function reply(res: ServerResponse, content: string) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'x',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content } }],
    }),
  );
}

/** The guides the model was offered (parsed from the user message the server sent). */
function offered(body: ChatRequest): Array<{ id: string; title: string }> {
  const user = body.messages.find((m) => m.role === 'user');
  return (JSON.parse(user?.content ?? '{}') as { guides: Array<{ id: string; title: string }> }).guides;
}

async function ask(query: string, locale = 'fr') {
  return server.call<Answer>('POST', '/api/assistant', {
    token: author.token,
    org: author.org,
    locale,
    body: { query },
  });
}

beforeAll(async () => {
  model = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(data) as ChatRequest;
      received.push({ headers: req.headers, url: req.url, body });
      behaviour(body, res);
    });
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  const port = (model.address() as AddressInfo).port;
  server = await startServer({
    llm: {
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'sk-test-key',
      model: 'tiny-model',
      timeoutMs: 2000,
    },
  });
  author = await server.signUp();
  const auth = { token: author.token, org: author.org };
  const project = await server.call<{ id: string }>('POST', '/api/projects', {
    ...auth,
    body: { name: 'Compta', description: '', sites: ['https://compta.example.com'] },
  });
  const category = await server.call<{ id: string }>('POST', `/api/projects/${project.body.id}/categories`, {
    ...auth,
    body: { name: 'Factures' },
  });
  for (const title of ['Créer une facture', 'Relancer une facture impayée', 'Exporter les factures en PDF']) {
    const created = await server.call<{ id: string }>(
      'POST',
      `/api/projects/${project.body.id}/categories/${category.body.id}/scenarios`,
      {
        ...auth,
        body: {
          title,
          description: 'Facturation',
          summary: 'Guide de facturation',
          minDuration: 1,
          maxDuration: 2,
        },
      },
    );
    // Published guides need a step with a target.
    await server.call('POST', `/api/scenarios/${created.body.id}/steps`, {
      ...auth,
      body: { name: title, text: title, url: 'https://compta.example.com/', target: { text: title } },
    });
    await server.call('PATCH', `/api/scenarios/${created.body.id}/status`, {
      ...auth,
      body: { status: 'published' },
    });
    guides.set(title, created.body.id);
  }
}, 60_000);

beforeEach(() => {
  received.length = 0;
});

afterAll(async () => {
  for (const res of held) res.destroy();
  await server?.close();
  model.closeAllConnections();
  await new Promise((resolve) => model.close(resolve));
});

describe('POST /assistant with a model', () => {
  it('serves the model order and guidance, keeps only candidate ids, and sends no secret but the key', async () => {
    behaviour = (body, res) => {
      const ids = offered(body).map((g) => g.id);
      reply(
        res,
        `\`\`\`json\n${JSON.stringify({
          guides: [
            { id: '00000000-0000-4000-8000-000000000000', reason: 'invented' },
            { id: guides.get('Relancer une facture impayée'), reason: 'Pour un client qui ne paie pas.' },
            { id: guides.get('Relancer une facture impayée'), reason: 'twice' },
            { id: ids.find((id) => id === guides.get('Créer une facture')) },
          ],
          guidance: 'Ouvrez la facture en retard puis envoyez une relance.',
        })}\n\`\`\``,
      );
    };
    const answer = await ask('mon client ne paie pas sa facture');
    expect(answer.status).toBe(200);
    expect(answer.body.source).toBe('model');
    expect(answer.body.fallback).toBeUndefined();
    expect(answer.body.guidance).toBe('Ouvrez la facture en retard puis envoyez une relance.');
    expect(answer.body.guides.map((g) => g.title)).toEqual([
      'Relancer une facture impayée',
      'Créer une facture',
    ]);
    expect(answer.body.guides[0]?.reason).toBe('Pour un client qui ne paie pas.');
    // No reason from the model: the full-text reason, localized.
    expect(answer.body.guides[1]?.reason).toMatch(/^Mots trouvés : /);
    expect(answer.body.guides[0]?.score).toBeGreaterThan(answer.body.guides[1]?.score ?? 1);

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.body.model).toBe('tiny-model');
    const sent = JSON.stringify(request?.body);
    expect(sent).toContain('mon client ne paie pas sa facture');
    expect(sent).toContain('French');
    expect(sent).not.toContain(author.token);
    expect(sent).not.toContain(author.email);
    expect(sent).not.toContain('sk-test-key');
    expect(
      offered(request?.body as ChatRequest)
        .map((g) => g.title)
        .sort(),
    ).toEqual(['Créer une facture', 'Exporter les factures en PDF', 'Relancer une facture impayée']);
  });

  it('asks for the guidance in the request locale', async () => {
    behaviour = (_body, res) => reply(res, JSON.stringify({ guides: [], guidance: 'No guide fits.' }));
    const answer = await ask('invoice facture', 'en');
    expect(answer.body).toEqual({ guides: [], guidance: 'No guide fits.', source: 'model' });
    expect(JSON.stringify(received[0]?.body)).toContain('English');
  });

  it('falls back to the full-text answer and says so on an HTTP error', async () => {
    behaviour = (_body, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"overloaded"}}');
    };
    const answer = await ask('exporter facture pdf');
    expect(answer.status).toBe(200);
    expect(answer.body.source).toBe('fulltext');
    expect(answer.body.fallback).toBe('model-error');
    expect(answer.body.guidance).toBeUndefined();
    expect(answer.body.guides[0]?.title).toBe('Exporter les factures en PDF');
  });

  it('falls back on garbage: not JSON, JSON of the wrong shape, no choices', async () => {
    const garbage: Behaviour[] = [
      (_b, res) => reply(res, 'Sure! The best guide is the first one.'),
      (_b, res) => reply(res, JSON.stringify({ guides: 'all of them' })),
      (_b, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices":[]}');
      },
      (_b, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>proxy login</html>');
      },
    ];
    for (const g of garbage) {
      behaviour = g;
      const answer = await ask('exporter facture pdf');
      expect(answer.status).toBe(200);
      expect(answer.body.fallback).toBe('model-invalid-answer');
      expect(answer.body.source).toBe('fulltext');
      expect(answer.body.guides[0]?.title).toBe('Exporter les factures en PDF');
    }
  });

  it('falls back when the model does not answer in time', async () => {
    // The model never answers: only the configured timeout can end the wait.
    behaviour = (_body, res) => {
      held.push(res);
    };
    const answer = await ask('exporter facture pdf');
    expect(answer.status).toBe(200);
    expect(answer.body.fallback).toBe('model-timeout');
    expect(answer.body.guides[0]?.title).toBe('Exporter les factures en PDF');
  });

  it('does not call the model when no guide shares a word with the query', async () => {
    behaviour = (_body, res) => reply(res, JSON.stringify({ guides: [], guidance: 'x' }));
    const answer = await ask('recette de cuisine');
    expect(answer.body).toEqual({ guides: [], source: 'fulltext' });
    expect(received).toHaveLength(0);
  });

  it('falls back when the connection to the model breaks', async () => {
    behaviour = (_body, res) => {
      res.socket?.destroy();
    };
    const answer = await ask('créer facture');
    expect(answer.status).toBe(200);
    expect(answer.body.fallback).toBe('model-error');
    expect(answer.body.guides[0]?.title).toBe('Créer une facture');
  });
});

describe('LLM_* configuration', () => {
  const full = { LLM_BASE_URL: 'https://llm.example.com/v1/', LLM_API_KEY: 'k', LLM_MODEL: 'm' };

  it('is all or nothing, with a URL base and a positive timeout, each mistake in one line', () => {
    expect(configFromEnv({}).llm).toBeNull();
    expect(configFromEnv(full).llm).toEqual({
      baseUrl: 'https://llm.example.com/v1',
      apiKey: 'k',
      model: 'm',
      timeoutMs: 8000,
    });
    expect(configFromEnv({ ...full, LLM_TIMEOUT_MS: '1500' }).llm?.timeoutMs).toBe(1500);
    const wrong: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [{ LLM_BASE_URL: full.LLM_BASE_URL }, /LLM_API_KEY, LLM_MODEL must be set too/],
      [{ ...full, LLM_BASE_URL: 'llm.example.com' }, /LLM_BASE_URL is not a URL/],
      [{ ...full, LLM_BASE_URL: 'ftp://llm.example.com' }, /LLM_BASE_URL must start with http/],
      [{ ...full, LLM_TIMEOUT_MS: '0' }, /LLM_TIMEOUT_MS must be a positive integer/],
      [{ LLM_TIMEOUT_MS: '100' }, /LLM_TIMEOUT_MS is set but/],
    ];
    for (const [env, message] of wrong) {
      expect(() => configFromEnv(env)).toThrow(ConfigError);
      expect(() => configFromEnv(env)).toThrow(message);
      try {
        configFromEnv(env);
      } catch (error) {
        expect((error as Error).message).not.toContain('\n');
      }
    }
  });
});
