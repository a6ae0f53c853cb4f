import { describe, expect, it } from 'vitest';
import { checkPagePattern, compilePagePattern, matchesPage, mayMatch, pageOf } from '../src/page-pattern.ts';

const sites = ['https://shop.example.com', 'http://localhost:5174'];

function matches(pattern: string, page: string): boolean {
  const compiled = compilePagePattern(pattern);
  if (!compiled) throw new Error(`not a pattern: ${pattern}`);
  const read = pageOf(new URL(page));
  const matched = matchesPage(compiled, read);
  // the quick look at the text never rules out a page the pattern matches
  if (matched) expect(mayMatch(pattern, read)).toBe(true);
  return matched;
}

describe('checkPagePattern', () => {
  it.each([
    ['/factures/*', '/factures/*'],
    ['  /app/**/edit ', '/app/**/edit'],
    ['/', '/'],
    ['*', '*'],
    ['https://shop.example.com/factures/*', 'https://shop.example.com/factures/*'],
    ['https://www.shop.example.com/', 'https://www.shop.example.com/'],
    ['shop.example.com/compte', 'shop.example.com/compte'],
    ['localhost:5174/panier', 'localhost:5174/panier'],
    ['http://localhost:9999/autre-port', 'http://localhost:9999/autre-port'],
  ])('accepts %s', (input, pattern) => {
    expect(checkPagePattern(input, sites)).toEqual({ ok: true, pattern });
  });

  it.each([
    ['https://evil.example.org/factures/*', 'site'],
    ['evil.example.org', 'site'],
    ['factures', 'shape'],
    ['', 'shape'],
    ['/factures?id=3', 'shape'],
    ['/factures#haut', 'shape'],
    ['/mes factures', 'shape'],
    ['//evil.example.org/x', 'shape'],
    ['/\\evil.example.org', 'shape'],
    ['javascript:alert(1)', 'shape'],
    ['ftp://shop.example.com/x', 'shape'],
    ['https://user:pw@shop.example.com/', 'shape'],
  ])('refuses %s (%s)', (input, reason) => {
    expect(checkPagePattern(input, sites)).toEqual({ ok: false, reason });
  });
});

describe('matching a page', () => {
  it.each([
    ['/factures/*', 'https://shop.example.com/factures/12', true],
    ['/factures/*', 'https://shop.example.com/factures/12/', true],
    ['/factures/*', 'https://shop.example.com/factures/12?tri=date#haut', true],
    ['/factures/*', 'https://shop.example.com/factures/12/lignes', false],
    ['/factures/*', 'https://shop.example.com/factures', false],
    ['/factures/*', 'https://shop.example.com/avoirs/12', false],
    ['/factures-*', 'https://shop.example.com/factures-2026', true],
    ['/app/**/edit', 'https://shop.example.com/app/edit', true],
    ['/app/**/edit', 'https://shop.example.com/app/clients/3/edit', true],
    ['/app/**/edit', 'https://shop.example.com/app/clients/3/edition', false],
    ['/app/**/edit', 'https://shop.example.com/app/xedit', false],
    ['/app/**', 'https://shop.example.com/app', true],
    ['/app/**', 'https://shop.example.com/application', false],
    ['/', 'https://shop.example.com/', true],
    ['/', 'https://shop.example.com/panier', false],
    ['/**', 'https://shop.example.com/', true],
    ['/**', 'https://shop.example.com/a/b/c', true],
    ['*', 'https://shop.example.com/panier', true],
    ['*', 'https://shop.example.com/panier/3', false],
    ['/a.b/(x)', 'https://shop.example.com/a.b/(x)', true],
    ['/a.b/(x)', 'https://shop.example.com/axb/(x)', false],
    ['/café', 'https://shop.example.com/caf%C3%A9', true],
    ['/a/../factures/*', 'https://shop.example.com/factures/1', true],
    ['https://shop.example.com/factures/*', 'https://www.shop.example.com:8443/factures/1', true],
    ['https://shop.example.com/factures/*', 'http://localhost:5174/factures/1', false],
    ['localhost:5174/panier', 'http://localhost:3000/panier', true],
    ['/tarifs.html', 'https://shop.example.com/tarifs.html', true],
    ['/tarifs.html', 'https://shop.example.com/tarifsxhtml', false],
    ['/a*b*c', 'https://shop.example.com/a-b-c', true],
    ['/a*b*c', 'https://shop.example.com/abc', true],
    ['/a*b*c', 'https://shop.example.com/a-c', false],
    ['/a*b*c', 'https://shop.example.com/a-c-b', false],
    ['/**/**/x', 'https://shop.example.com/x', true],
    ['/**/**/x', 'https://shop.example.com/a/b/x', true],
    ['/a/./b', 'https://shop.example.com/a/b', true],
    ['/x/../factures', 'https://shop.example.com/factures', true],
  ])('%s on %s: %s', (pattern, page, expected) => {
    expect(matches(pattern, page)).toBe(expected);
  });

  it('says which patterns cover every page', () => {
    const catchAll = (p: string) => compilePagePattern(p)?.catchAll;
    expect(['/**', '/*', '*', '**', '/*/**', 'https://shop.example.com/**'].map(catchAll)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['/', '/factures/*', '/**/edit'].map(catchAll)).toEqual([false, false, false]);
  });

  it('rules out from the text alone the pages a plain pattern cannot match', () => {
    const page = pageOf(new URL('https://shop.example.com/factures/12'));
    expect(mayMatch('/avoirs/*', page)).toBe(false);
    expect(mayMatch('https://intranet.example.com/factures/*', page)).toBe(false);
    expect(mayMatch('/', page)).toBe(false);
    expect(mayMatch('/tarifs.html', page)).toBe(false);
    expect(mayMatch('/factures/*', page)).toBe(true);
    expect(mayMatch('/*/12', page)).toBe(true);
    expect(mayMatch('https://www.shop.example.com/factures', page)).toBe(true);
  });

  it('compiles nothing from a value that is no pattern', () => {
    expect(compilePagePattern('factures')).toBeNull();
  });
});
