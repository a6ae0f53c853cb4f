import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/index.ts';
import { startPatternChecker, startRuleRefusal, stepPages } from '../src/start-rule.ts';

const sites = ['https://shop.example.com'];
const steps = [
  { position: 1, name: 'Ouvrir les factures', url: 'https://shop.example.com/factures' },
  { position: 2, name: 'Choisir', url: '/factures/12' },
  { position: 3, name: 'Relire', url: 'https://shop.example.com/factures/12?onglet=2' },
  { position: 4, name: 'Sans page', url: null },
];

describe('stepPages', () => {
  it("offers each step's page once, as a path, with the first step on it", () => {
    expect(stepPages(steps, sites)).toEqual([
      { position: 1, name: 'Ouvrir les factures', pattern: '/factures' },
      { position: 2, name: 'Choisir', pattern: '/factures/12' },
    ]);
  });
});

describe('startPatternChecker', () => {
  const check = startPatternChecker(sites, steps);
  it('refuses what the server refuses', () => {
    expect(check('factures')).toEqual({ refusal: 'shape' });
    expect(check('https://other.example.com/factures')).toEqual({ refusal: 'site' });
  });
  it('warns about every page, and about no step page', () => {
    expect(check('/**')).toEqual({ coverage: 'every-page' });
    expect(check('/compte/*')).toEqual({ coverage: 'no-step' });
    expect(check('/factures/*')).toEqual({});
  });
  it('does not warn a guide without step pages about them', () => {
    expect(startPatternChecker(sites, [])('/compte/*')).toEqual({});
  });
});

describe('startRuleRefusal', () => {
  const refused = (errors: Array<{ in: string; pointer: string; message: string }>) =>
    new ApiError({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Données invalides',
      errors,
    } as never);

  it("names the card's fields, and keeps what names none apart", () => {
    expect(
      startRuleRefusal(
        refused([
          { in: 'body', pointer: '/pages/1', message: "Cette adresse n'est sur aucun des sites du projet." },
          { in: 'body', pointer: '/audience/0/value', message: 'Trop long' },
          { in: 'body', pointer: '/delaySeconds', message: 'Entre 0 et 600' },
          { in: 'header', pointer: '/If-Match', message: 'Version requise' },
        ]),
        'Une erreur est survenue',
      ),
    ).toEqual({
      fields: {
        'pages.1.value': "Cette adresse n'est sur aucun des sites du projet.",
        'audience.0.value': 'Trop long',
        delaySeconds: 'Entre 0 et 600',
      },
      rest: 'Version requise',
    });
  });
  it('says only the fields when they are all the refusal names', () => {
    expect(
      startRuleRefusal(
        refused([{ in: 'body', pointer: '/delaySeconds', message: 'Entre 0 et 600' }]),
        'Erreur',
      ),
    ).toEqual({ fields: { delaySeconds: 'Entre 0 et 600' }, rest: null });
  });
  it("says the caller's words for a failure that names no field", () => {
    expect(startRuleRefusal(new Error('offline'), 'Une erreur est survenue')).toEqual({
      fields: null,
      rest: 'Une erreur est survenue',
    });
  });
});
