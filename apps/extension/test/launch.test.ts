import { describe, expect, it } from 'vitest';
import { translator } from '../src/intl';
import { checkLaunch, LAUNCH_MESSAGE, normalizeUrl, resolveUrl, samePage } from '../src/launch';

const origin = 'https://mulot.example.com';
const ids = {
  organizationId: '0b4a5c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  projectId: '1b4a5c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  categoryId: '2b4a5c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  scenarioId: '3b4a5c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  stepId: '4b4a5c3e-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
};
const base = {
  type: LAUNCH_MESSAGE,
  apiBase: `${origin}/api`,
  token: 'jwt',
  organizationId: ids.organizationId,
  locale: 'fr',
};

describe('checkLaunch (spec §5 "Extension launch")', () => {
  it('accepts a creator launch for a new guide and adds https to a bare url', () => {
    const check = checkLaunch(
      {
        ...base,
        mode: 'creator',
        url: 'shop.example.com/products',
        projectId: ids.projectId,
        categoryId: ids.categoryId,
      },
      origin,
    );
    expect(check).toEqual({
      ok: true,
      launch: {
        session: { apiBase: `${origin}/api`, token: 'jwt', organizationId: ids.organizationId, locale: 'fr' },
        mode: 'creator',
        url: 'https://shop.example.com/products',
        projectId: ids.projectId,
        categoryId: ids.categoryId,
      },
    });
  });

  it('refuses a launch posted by any origin other than the API', () => {
    expect(
      checkLaunch({ ...base, mode: 'reader', url: 'https://shop.example.com' }, 'https://evil.example'),
    ).toEqual({
      ok: false,
      error: 'launch.origin',
    });
  });

  it('needs a target url when nothing else tells the page', () => {
    expect(checkLaunch({ ...base, mode: 'reader' }, origin)).toEqual({ ok: false, error: 'launch.url' });
    expect(checkLaunch({ ...base, mode: 'reader', url: '   ' }, origin)).toEqual({
      ok: false,
      error: 'launch.url',
    });
  });

  it('needs mode reader or creator', () => {
    expect(checkLaunch({ ...base, mode: 'editor', url: 'https://a.example' }, origin)).toEqual({
      ok: false,
      error: 'launch.mode',
    });
  });

  it('needs projectId and categoryId for a new guide, scenarioId for an existing one', () => {
    expect(
      checkLaunch({ ...base, mode: 'creator', url: 'https://a.example', projectId: ids.projectId }, origin),
    ).toEqual({ ok: false, error: 'launch.newGuide' });
    const existing = checkLaunch(
      { ...base, mode: 'creator', url: 'https://a.example', scenarioId: ids.scenarioId, stepId: ids.stepId },
      origin,
    );
    expect(existing.ok && existing.launch.scenarioId).toBe(ids.scenarioId);
    expect(existing.ok && existing.launch.stepId).toBe(ids.stepId);
  });

  it('recaptures only a given step in creator mode (repair from the dashboard), and refuses a non-boolean flag', () => {
    const repair = {
      ...base,
      mode: 'creator',
      scenarioId: ids.scenarioId,
      stepId: ids.stepId,
      recapture: true,
    };
    const accepted = checkLaunch(repair, origin);
    expect(accepted.ok && accepted.launch.recapture).toBe(true);
    const reader = checkLaunch({ ...repair, mode: 'reader' }, origin);
    expect(reader.ok && reader.launch.recapture).toBeUndefined();
    const withoutStep = checkLaunch({ ...repair, stepId: undefined }, origin);
    expect(withoutStep.ok && withoutStep.launch.recapture).toBeUndefined();
    expect(checkLaunch({ ...repair, recapture: 'yes' }, origin)).toEqual({
      ok: false,
      error: 'launch.error',
    });
  });

  it('refuses a missing session, a malformed identifier, a non-web url and a foreign message', () => {
    expect(checkLaunch({ ...base, token: '', mode: 'reader', url: 'a.example' }, origin)).toEqual({
      ok: false,
      error: 'launch.session',
    });
    expect(
      checkLaunch({ ...base, mode: 'reader', url: 'a.example', scenarioId: '1 OR 1=1' }, origin).ok,
    ).toBe(false);
    expect(checkLaunch({ ...base, mode: 'reader', url: 'javascript:alert(1)' }, origin)).toEqual({
      ok: false,
      error: 'launch.urlInvalid',
    });
    expect(checkLaunch({ ...base, type: 'other', mode: 'reader', url: 'a.example' }, origin).ok).toBe(false);
    expect(checkLaunch('launch', origin).ok).toBe(false);
  });

  it('keeps the locale handed over (fr by default, en available)', () => {
    const en = checkLaunch({ ...base, locale: 'en-GB', mode: 'reader', url: 'a.example' }, origin);
    const other = checkLaunch({ ...base, locale: 'de', mode: 'reader', url: 'a.example' }, origin);
    expect(en.ok && en.launch.session.locale).toBe('en');
    expect(other.ok && other.launch.session.locale).toBe('fr');
  });
});

describe('normalizeUrl', () => {
  it('adds https to bare hosts, http to this machine, and keeps http(s) urls', () => {
    expect(normalizeUrl('example.com')).toBe('https://example.com/');
    expect(normalizeUrl('shop.example.com:8080/app')).toBe('https://shop.example.com:8080/app');
    expect(normalizeUrl('localhost:5174/app')).toBe('http://localhost:5174/app');
    expect(normalizeUrl('http://localhost:5174/')).toBe('http://localhost:5174/');
    expect(normalizeUrl('ftp://example.com')).toBeNull();
  });
});

describe('resolveUrl', () => {
  const launch = (extra: object) => {
    const check = checkLaunch({ ...base, ...extra }, origin);
    if (!check.ok) throw new Error(check.error);
    return check.launch;
  };

  it('refuses a reader launch on a scenario without steps', () => {
    expect(
      resolveUrl(launch({ mode: 'reader', url: 'a.example', scenarioId: ids.scenarioId }), { steps: [] }),
    ).toEqual({
      ok: false,
      error: 'launch.noSteps',
    });
    expect(translator('fr')('launch.noSteps')).toBe('Ce scénario ne contient aucune étape');
  });

  it("falls back to the step's url, then the project's first site", () => {
    const l = launch({ mode: 'creator', scenarioId: ids.scenarioId, stepId: ids.stepId });
    expect(
      resolveUrl(l, {
        steps: [
          { id: 'x', url: 'https://a.example/one' },
          { id: ids.stepId, url: 'a.example/two' },
        ],
      }),
    ).toEqual({ ok: true, url: 'https://a.example/two' });
    expect(resolveUrl(l, { steps: [], projectSites: ['shop.example.com'] })).toEqual({
      ok: true,
      url: 'https://shop.example.com/',
    });
  });

  it("opens a step saved as a path alone on the project's first site", () => {
    const l = launch({ mode: 'reader', scenarioId: ids.scenarioId });
    expect(
      resolveUrl(l, { steps: [{ id: 'x', url: '/tarifs.html' }], projectSites: ['shop.example.com'] }),
    ).toEqual({ ok: true, url: 'https://shop.example.com/tarifs.html' });
  });

  it('says when no site is configured for the project', () => {
    const l = launch({ mode: 'creator', projectId: ids.projectId, categoryId: ids.categoryId });
    expect(resolveUrl(l, { projectSites: [] })).toEqual({ ok: false, error: 'launch.noSite' });
    expect(translator('fr')('launch.noSite')).toBe("Aucun site n'est configuré pour ce projet.");
  });
});

describe('runner helpers', () => {
  it('compares pages by origin and path', () => {
    expect(samePage('https://a.example/x/?q=1#h', 'https://a.example/x')).toBe(true);
    expect(samePage('https://a.example/x', 'https://a.example/y')).toBe(false);
    expect(samePage('https://a.example/x', 'http://a.example/x')).toBe(false);
  });
});

describe('the extension texts, from the one catalogue', () => {
  it('formats French by default and English from packages/i18n, with their values', () => {
    expect(translator('fr')('validation.tooLong', { max: 200 })).toBe(
      'Ce champ ne peut pas dépasser 200 caractères.',
    );
    expect(translator('fr')('launch.denied')).toBe("Lancement refusé par l'utilisateur.");
    expect(translator('en')('validation.tooLong', { max: 200 })).toBe(
      'This field cannot exceed 200 characters.',
    );
    expect(translator('en')('launch.error')).not.toBe(translator('fr')('launch.error'));
  });
});
