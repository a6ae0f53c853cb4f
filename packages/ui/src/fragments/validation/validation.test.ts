// The guard of issue 14: every message a form's schema can put on screen, for empty, over-long and malformed
// input, is a text of the catalogues, in French and in English (never zod's English default such as
// "Too big: expected string to have <=100 characters"). The forms show a schema's message through
// `translateIssue` (keyed schemas) or as built with the user's intl (content, guide, runner), as done here.
import en from '@mulot/i18n/lang/en.json';
import fr from '@mulot/i18n/lang/fr.json';
import { createIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { invitationSignInSchema } from '../auth/accept-invitation';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  validationMessages,
} from '../auth/schemas';
import { createCategorySchema } from '../content/category-form';
import { createProjectSchema } from '../content/project-form';
import { createGuideSchema } from '../guide/guide-form';
import { passwordChangeSchema, personalInfoSchema, profileValidationMessages } from '../profile/schemas';
import { createAssistantSchema } from '../runner/assistant-schema';
import { createStepSchema } from '../runner/schemas';
import { inviteSchema, teamValidationMessages } from '../team/schemas';
import { translateIssue } from '.';

const long = (n: number) => 'x'.repeat(n);
const huge = long(6000);
const blank = ['', '   '];

interface Case {
  form: string;
  schema: (intl: IntlShape) => z.ZodType;
  /** For schemas that carry message keys: the catalogue those keys come from. */
  keys?: Record<string, MessageDescriptor>;
  inputs: Record<string, unknown>[];
}

const text = (fields: string[], values: unknown[]) =>
  values.map((value) => Object.fromEntries(fields.map((field) => [field, value])));

/** A guide form as filled in, for the cases that spoil only its durations. */
const guide = { projectId: 'p', categoryId: 'c', title: 't', description: 'd', summary: 's' };

const cases: Case[] = [
  {
    form: 'login',
    schema: () => loginSchema,
    keys: validationMessages,
    inputs: [
      ...text(['email', 'password'], [...blank, huge, 'pas un email']),
      { email: `${long(250)}@a.fr`, password: 'x' },
    ],
  },
  {
    form: 'register',
    schema: () => registerSchema,
    keys: validationMessages,
    inputs: [
      ...text(['email', 'password', 'confirmPassword'], [...blank, huge, 'court']),
      { email: 'a@b.fr', password: 'long enough', confirmPassword: 'different' },
    ],
  },
  {
    form: 'forgot password',
    schema: () => forgotPasswordSchema,
    keys: validationMessages,
    inputs: text(['email'], [...blank, huge, '@']),
  },
  {
    form: 'reset password',
    schema: () => resetPasswordSchema,
    keys: validationMessages,
    inputs: text(['password', 'confirmPassword'], [...blank, huge, 'court']),
  },
  {
    form: 'accept invitation (existing account)',
    schema: () => invitationSignInSchema,
    keys: validationMessages,
    inputs: text(['password'], [...blank, huge]),
  },
  {
    form: 'profile',
    schema: () => personalInfoSchema,
    keys: profileValidationMessages,
    inputs: text(['firstname', 'lastname'], [...blank, long(101), huge]),
  },
  {
    form: 'password change',
    schema: () => passwordChangeSchema,
    keys: profileValidationMessages,
    inputs: text(['currentPassword', 'newPassword', 'confirmPassword'], [...blank, huge, 'court']),
  },
  {
    form: 'invite',
    schema: () => inviteSchema,
    keys: teamValidationMessages,
    inputs: [
      ...text(['email'], [...blank, huge, 'nope']).map((v) => ({ ...v, role: null })),
      { email: 'a@b.fr', role: 'Owner' },
    ],
  },
  {
    form: 'project',
    schema: (intl) => createProjectSchema(intl, 'create'),
    inputs: [
      { name: '', description: '', sites: [] },
      { name: long(201), description: huge, sites: [long(2049)] },
      { name: 'a', description: '', sites: Array.from({ length: 51 }, (_, i) => `s${i}.fr`) },
      { name: 'a', description: '', sites: ['a.fr', 'a.fr'] },
    ],
  },
  {
    form: 'category',
    schema: createCategorySchema,
    inputs: [
      { name: ' ', description: '' },
      { name: long(201), description: huge },
    ],
  },
  {
    form: 'guide',
    schema: createGuideSchema,
    inputs: [
      ...text(
        ['projectId', 'categoryId', 'title', 'description', 'summary', 'minDuration', 'maxDuration'],
        [...blank, huge],
      ),
      { ...guide, minDuration: '-1', maxDuration: '1441' },
      { ...guide, minDuration: '1.5', maxDuration: 'dix' },
      { ...guide, minDuration: '10', maxDuration: '5' },
    ],
  },
  {
    form: 'step',
    schema: createStepSchema,
    inputs: [
      ...text(['name', 'text', 'extra', 'url'], [...blank, huge]).map((v) => ({ ...v, autoClick: false })),
      { name: 'a', text: 'b', extra: '', url: 'javascript:alert(1)', autoClick: false },
    ],
  },
  {
    form: 'assistant',
    schema: createAssistantSchema,
    inputs: text(['query'], [...blank, huge]),
  },
];

/**
 * A catalogue text as a pattern: its `{placeholders}` (plurals included) match any text. Texts that are only
 * placeholders (a count's plural) would match anything, so they are left out: no validation message is one.
 */
function patterns(catalogue: Record<string, string>): RegExp[] {
  return Object.values(catalogue).flatMap((template) => {
    let parts = template;
    // Innermost braces first, until none is left: `{n, plural, one {# a} other {# b}}` becomes one hole.
    while (/\{[^{}]*\}/.test(parts)) parts = parts.replace(/\{[^{}]*\}/g, '\u0000');
    if (parts.replaceAll('\u0000', '').trim().length < 3) return [];
    const source = parts
      .split('\u0000')
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+');
    return [new RegExp(`^${source}$`, 's')];
  });
}

interface Shown {
  form: string;
  field: string;
  message: string;
}

function messagesShown(locale: 'fr' | 'en'): Shown[] {
  const intl = createIntl({ locale, defaultLocale: 'fr', messages: locale === 'fr' ? fr : en });
  return cases.flatMap(({ form, schema, keys, inputs }) =>
    inputs.flatMap((input) => {
      const result = schema(intl).safeParse(input);
      if (result.success) return [];
      return result.error.issues.map((issue) => ({
        form,
        field: issue.path.join('.'),
        message: keys ? translateIssue(intl, issue.message, keys) : issue.message,
      }));
    }),
  );
}

function unique(shown: Shown[]): Shown[] {
  const seen = new Set<string>();
  return shown.filter((s) => {
    const id = `${s.form}|${s.field}|${s.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

describe.each([
  ['fr', fr],
  ['en', en],
] as const)('%s: validation messages on screen', (locale, catalogue) => {
  const known = patterns(catalogue);
  const shown = unique(messagesShown(locale));

  test("the check itself can fail: zod's own English is no catalogue text", () => {
    expect(known.some((p) => p.test('Too big: expected string to have <=100 characters'))).toBe(false);
    expect(shown.length).toBeGreaterThan(30);
  });

  test('every message a form can show is a catalogue text', () => {
    expect(shown.filter((s) => !known.some((p) => p.test(s.message)))).toEqual([]);
  });
});

test('each limit is said with its figure', () => {
  const messages = unique(messagesShown('fr')).map((s) => s.message);
  expect(messages).toContain('Ce champ ne peut pas dépasser 100 caractères.');
  expect(messages).toContain('Ce champ ne peut pas dépasser 254 caractères.');
  expect(messages).toContain('Un projet ne peut pas avoir plus de 50 sites.');
});
