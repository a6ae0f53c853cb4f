// The name a personal organization gets: after its person (issue 40), by their email until their names are known.
import type { Locale } from './messages.ts';

/** French elides "de" before a vowel or a (mute) h: "Organisation d'Alice Martin", "Organisation de Bruno". */
function frenchOf(person: string): string {
  return /^[aeiouyhàâäéèêëîïôöùûüœæ]/i.test(person) ? `d'${person}` : `de ${person}`;
}

export function personalOrganizationName(locale: Locale, person: string): string {
  return locale === 'en' ? `${person}'s organization` : `Organisation ${frenchOf(person)}`;
}

/**
 * For a person now called `person` and formerly known by `before` (their email, earlier names): the names this
 * product may have given their organization on its own, in each language (French with or without the elision it
 * did not always make), and the name that replaces them in that same language. Only such a name follows the
 * person's, never one an Admin chose.
 */
export function automaticRenames(before: string[], person: string): Array<{ from: string[]; to: string }> {
  return [
    {
      from: before.map((p) => personalOrganizationName('en', p)),
      to: personalOrganizationName('en', person),
    },
    {
      from: before.flatMap((p) => [personalOrganizationName('fr', p), `Organisation de ${p}`]),
      to: personalOrganizationName('fr', person),
    },
  ];
}
