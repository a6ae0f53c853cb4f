// The "Démarrage" card's form (issue 42): the rule's shape, the form's values and their checks, apart from how the card
// draws them (start-rule.tsx).
import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { tooLongText } from '../validation';

// The contract's bounds (openapi.yaml, StartRule).
export const MAX_PAGES = 20;
export const MAX_PAGE_LENGTH = 500;
export const MAX_AUDIENCE = 10;
export const MAX_ATTRIBUTE = 100;
export const MAX_VALUE = 200;
export const MAX_DELAY = 600;

export type StartMode = 'manual' | 'automatic';
export type StartFrequency = 'once' | 'until-completed' | 'every-visit';
export type AudienceOperator = 'equals' | 'contains' | 'is-set';

/** A guide's start rule as the API stores it (`StartRule`). */
export interface StartRuleValue {
  mode: StartMode;
  pages: string[];
  frequency: StartFrequency;
  delaySeconds: number;
  audience: { attribute: string; operator: AudienceOperator; value?: string }[];
}

/**
 * What the app knows of a page pattern (it holds the one reading of patterns, `@mulot/api-client/page-pattern`, and
 * the project's sites): `refusal` is what the server would refuse (`shape`: no path nor address; `site`: an address
 * off the project's sites); `coverage` is only warned about: every page of the sites, or none of the guide's steps'.
 */
export interface PagePatternCheck {
  refusal?: 'shape' | 'site' | null;
  coverage?: 'every-page' | 'no-step' | null;
}

function messagesOf(intl: IntlShape) {
  return {
    pageRequired: intl.formatMessage({
      id: 'guide.start.pageRequired',
      defaultMessage: 'Indiquez une page, ou retirez cette ligne.',
    }),
    pageShape: intl.formatMessage({
      id: 'guide.start.pageShape',
      defaultMessage:
        "Saisissez un chemin commençant par / (par exemple /factures/*) ou l'adresse d'une page d'un des sites du projet, sans ? ni #.",
    }),
    pageSite: intl.formatMessage({
      id: 'guide.start.pageSite',
      defaultMessage: "Cette adresse n'est sur aucun des sites du projet.",
    }),
    pagesRequired: intl.formatMessage({
      id: 'guide.start.pagesRequired',
      defaultMessage: 'Indiquez au moins une page où le guide démarre.',
    }),
    delay: intl.formatMessage({
      id: 'guide.start.delayRange',
      defaultMessage: 'Indiquez un nombre entier de secondes entre 0 et 600.',
    }),
    attributeRequired: intl.formatMessage({
      id: 'guide.start.attributeRequired',
      defaultMessage: "Indiquez le nom de l'attribut.",
    }),
    valueRequired: intl.formatMessage({
      id: 'guide.start.valueRequired',
      defaultMessage: 'Indiquez la valeur à comparer.',
    }),
  };
}

/** The card's form: react-hook-form's values (text inputs) → the rule the API takes. */
export function createStartRuleSchema(intl: IntlShape, checkPattern: (pattern: string) => PagePatternCheck) {
  const t = messagesOf(intl);
  return z
    .object({
      mode: z.enum(['manual', 'automatic']),
      pages: z.array(
        z.object({ value: z.string().trim().max(MAX_PAGE_LENGTH, tooLongText(intl, MAX_PAGE_LENGTH)) }),
      ),
      frequency: z.enum(['once', 'until-completed', 'every-visit']),
      delaySeconds: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, t.delay),
      audience: z.array(
        z.object({
          attribute: z.string().trim().max(MAX_ATTRIBUTE, tooLongText(intl, MAX_ATTRIBUTE)),
          operator: z.enum(['equals', 'contains', 'is-set']),
          value: z.string().max(MAX_VALUE, tooLongText(intl, MAX_VALUE)),
        }),
      ),
    })
    .superRefine((values, context) => {
      const automatic = values.mode === 'automatic';
      if (Number(values.delaySeconds) > MAX_DELAY)
        context.addIssue({ code: 'custom', path: ['delaySeconds'], message: t.delay });
      values.pages.forEach((page, index) => {
        // a manual guide keeps what was typed, blank lines dropped: only a guide that starts by itself needs pages
        if (!page.value) {
          if (automatic)
            context.addIssue({ code: 'custom', path: ['pages', index, 'value'], message: t.pageRequired });
          return;
        }
        const refusal = checkPattern(page.value).refusal;
        if (refusal)
          context.addIssue({
            code: 'custom',
            path: ['pages', index, 'value'],
            message: refusal === 'site' ? t.pageSite : t.pageShape,
          });
      });
      if (automatic && !values.pages.some((page) => page.value))
        context.addIssue({ code: 'custom', path: ['pages'], message: t.pagesRequired });
      values.audience.forEach((rule, index) => {
        const blank = !rule.attribute && (rule.operator === 'is-set' || !rule.value.trim());
        if (blank && !automatic) return;
        if (!rule.attribute)
          context.addIssue({
            code: 'custom',
            path: ['audience', index, 'attribute'],
            message: t.attributeRequired,
          });
        if (rule.operator !== 'is-set' && !rule.value.trim())
          context.addIssue({ code: 'custom', path: ['audience', index, 'value'], message: t.valueRequired });
      });
    })
    .transform(
      (values): StartRuleValue => ({
        mode: values.mode,
        pages: [...new Set(values.pages.map((page) => page.value).filter(Boolean))],
        frequency: values.frequency,
        delaySeconds: Number(values.delaySeconds),
        audience: values.audience
          .filter((rule) => rule.attribute)
          .map((rule) =>
            rule.operator === 'is-set'
              ? { attribute: rule.attribute, operator: rule.operator }
              : { attribute: rule.attribute, operator: rule.operator, value: rule.value },
          ),
      }),
    );
}

type StartRuleSchema = ReturnType<typeof createStartRuleSchema>;
export type StartRuleFormInput = z.input<StartRuleSchema>;

export function formValues(value: StartRuleValue): StartRuleFormInput {
  return {
    mode: value.mode,
    pages: value.pages.map((page) => ({ value: page })),
    frequency: value.frequency,
    delaySeconds: String(value.delaySeconds),
    audience: value.audience.map((rule) => ({
      attribute: rule.attribute,
      operator: rule.operator,
      value: rule.value ?? '',
    })),
  };
}
