// What the guide page's and the creator's "Démarrage" card (issue 42) know beside the rule itself: the guide's
// step pages ("Page actuelle"), what a typed pattern would be refused or warned for, and which field a server's
// refusal names. One reading for both apps, on top of the one reading of patterns (./page-pattern.ts).
import { isApiError } from './index.ts';
import { checkPagePattern, compilePagePattern, matchesPage, type Page, pageOf } from './page-pattern.ts';

interface StepLike {
  position: number;
  name: string;
  url?: string | null;
}

/** A step's page as an address: a path alone is on the project's first site (where the creator recorded it). */
function stepAddress(url: string, sites: readonly string[]): URL | null {
  try {
    return new URL(url, sites[0] ?? 'https://site.invalid');
  } catch {
    return null;
  }
}

/** Each step's page once, as a path (valid on every site of the project), with the first step showing it. */
export function stepPages(
  steps: readonly StepLike[],
  sites: readonly string[],
): { position: number; name: string; pattern: string }[] {
  const pages: { position: number; name: string; pattern: string }[] = [];
  for (const { position, name, url } of steps) {
    const address = url ? stepAddress(url, sites) : null;
    if (!address || pages.some((page) => page.pattern === address.pathname)) continue;
    pages.push({ position, name, pattern: address.pathname });
  }
  return pages;
}

/**
 * What the server would refuse in a typed pattern (`shape`: no path nor address; `site`: an address off the
 * project's sites), and what is only warned about (`every-page`: it matches every page of the sites; `no-step`: none
 * of the guide's step pages).
 */
export interface StartPatternCheck {
  refusal?: 'shape' | 'site' | null;
  coverage?: 'every-page' | 'no-step' | null;
}

export function startPatternChecker(
  sites: readonly string[],
  steps: readonly StepLike[],
): (pattern: string) => StartPatternCheck {
  const pages: Page[] = steps.flatMap((step) => {
    const address = step.url ? stepAddress(step.url, sites) : null;
    return address ? [pageOf(address)] : [];
  });
  return (pattern) => {
    const checked = checkPagePattern(pattern, sites);
    if (!checked.ok) return { refusal: checked.reason };
    const compiled = compilePagePattern(checked.pattern);
    if (!compiled) return { refusal: 'shape' };
    if (compiled.catchAll) return { coverage: 'every-page' };
    // a guide without step pages has nothing to compare with
    if (pages.length > 0 && !pages.some((page) => matchesPage(compiled, page)))
      return { coverage: 'no-step' };
    return {};
  };
}

/**
 * A refused save's messages by the card form's field (`/pages/1` → `pages.1.value`, `/audience/0/value`,
 * `/delaySeconds`), and the card's alert: the messages that name none of them, else `fallback` when the failure
 * named no field at all (a network failure, a refusal without details).
 */
export function startRuleRefusal(
  error: unknown,
  fallback: string,
): { fields: Record<string, string> | null; rest: string | null } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const problem of isApiError(error) ? (error.problem.errors ?? []) : []) {
    const pointer = problem.in === 'body' ? problem.pointer : '';
    const page = /^\/pages\/(\d+)$/.exec(pointer);
    const rule = /^\/audience\/(\d+)\/(attribute|operator|value)$/.exec(pointer);
    const name = page
      ? `pages.${page[1]}.value`
      : rule
        ? `audience.${rule[1]}.${rule[2]}`
        : pointer === '/delaySeconds'
          ? 'delaySeconds'
          : null;
    if (name) fields[name] ??= problem.message;
    else rest.push(problem.message);
  }
  const named = Object.keys(fields).length > 0;
  return { fields: named ? fields : null, rest: rest.length > 0 ? rest.join(' ') : named ? null : fallback };
}
