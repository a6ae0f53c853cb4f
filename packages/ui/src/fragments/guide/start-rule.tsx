import { zodResolver } from '@hookform/resolvers/zod';
import { css } from '@mulot/ui/styled-system/css';
import { styled } from '@mulot/ui/styled-system/jsx';
import { CircleAlert, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Controller, type FieldValues, type UseFormSetError, useFieldArray, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, IconButton } from '../../components/button/button';
import * as Card from '../../components/card/card';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import * as RadioGroup from '../../components/radio-group/radio-group';
import { Skeleton } from '../../components/skeleton/skeleton';
import { useServerFieldErrors } from '../validation';
import { ChoiceSelect } from './choice-select';
import {
  createStartRuleSchema,
  formValues,
  MAX_AUDIENCE,
  MAX_PAGES,
  type PagePatternCheck,
  type StartRuleFormInput,
  type StartRuleValue,
} from './start-rule-schema';

export type {
  AudienceOperator,
  PagePatternCheck,
  StartFrequency,
  StartMode,
  StartRuleValue,
} from './start-rule-schema';
export { createStartRuleSchema } from './start-rule-schema';

/** A page of one of the guide's steps, offered by "Page actuelle" as a pattern. */
export interface StepPage {
  /** the first step on that page, as the menu names it ("Étape 2 : Choisir la facture") */
  position: number;
  name: string;
  /** the pattern it fills in: the page's path */
  pattern: string;
}

export interface StartRuleCardProps {
  /** the saved rule; undefined while it loads */
  value?: StartRuleValue;
  /** reading the rule failed: the card says so and offers to try again */
  loadError?: string | null;
  onRetry?: () => void;
  /**
   * When a page of the project last identified its user (`mulot('identify', …)`); null: never (audience rules can
   * then match no one, and the card says so).
   */
  identifySeenAt?: string | null;
  stepPages: StepPage[];
  /** the path of the page the author stands on (the extension's creator): offered first, as "Cette page" */
  currentPage?: string;
  checkPattern?: (pattern: string) => PagePatternCheck;
  pending?: boolean;
  /** a refusal that no field carries */
  error?: string | null;
  /** a server's refusal per field, by the form's path (`pages.1.value`, `audience.0.value`, `delaySeconds`) */
  fieldErrors?: Record<string, string> | null;
  onSave: (value: StartRuleValue) => void;
}

const noCheck = (): PagePatternCheck => ({});

const section = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const sectionTitle = css({ textStyle: 'sm', fontWeight: 'semibold' });
const help = css({ textStyle: 'sm', color: 'fg.muted' });
const row = css({
  display: 'flex',
  alignItems: 'start',
  gap: '2',
  flexWrap: { base: 'wrap', '@/2xl': 'nowrap' },
});
const grow = css({ flexGrow: '1', flexShrink: '1', flexBasis: { base: 'full', '@/2xl': '0' }, minW: '0' });
const actions = css({ display: 'flex', gap: '2', alignItems: 'center', pt: { base: '0', '@/2xl': '7' } });
const pageTools = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '3' });
const audienceRow = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', '@/2xl': '1.2fr 1fr 1.2fr auto' },
  alignItems: 'start',
  gap: '3',
});
const warning = css({
  display: 'flex',
  gap: '1.5',
  alignItems: 'start',
  textStyle: 'sm',
  color: 'amber.subtle.fg',
  '& > svg': { w: '4', h: '4', flexShrink: '0', mt: '0.5' },
});
const notice = css({
  display: 'flex',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'amber.outline.border',
  bg: 'amber.subtle.bg',
  color: 'amber.subtle.fg',
  borderRadius: 'l2',
  textStyle: 'sm',
  '& > svg': { w: '5', h: '5', flexShrink: '0' },
});
const Description = styled('span');

/**
 * Spec issue 42: the guide page's "Démarrage" card — manual (picked from the catalogue) or automatic on the pages
 * named, how often, after what delay, and for which identified users.
 */
export function StartRuleCard(props: StartRuleCardProps) {
  const { value, loadError, onRetry } = props;
  const titleId = useId();
  return (
    <Card.Root asChild>
      <section aria-labelledby={titleId} aria-busy={value === undefined && !loadError ? true : undefined}>
        <Card.Header>
          <Card.Title id={titleId}>
            <FormattedMessage id="guide.start.title" defaultMessage="Démarrage" />
          </Card.Title>
          <Card.Description>
            <FormattedMessage
              id="guide.start.description"
              defaultMessage="Quand ce guide démarre pour les utilisateurs des sites du projet."
            />
          </Card.Description>
        </Card.Header>
        {loadError ? (
          <Card.Body>
            <p role="alert" className={css({ color: 'fg.error', textStyle: 'sm' })}>
              {loadError}
            </p>
            {onRetry && (
              <div>
                <Button variant="outline" onClick={onRetry}>
                  <FormattedMessage id="guide.start.retry" defaultMessage="Réessayer" />
                </Button>
              </div>
            )}
          </Card.Body>
        ) : value === undefined ? (
          <Card.Body>
            <Skeleton className={css({ h: '5', w: 'full', maxW: 'md' })} />
            <Skeleton className={css({ h: '5', w: 'full', maxW: 'sm' })} />
          </Card.Body>
        ) : (
          // a rule saved (here or elsewhere) starts the form again from it; a refetch of the same rule does not
          <StartRuleForm key={JSON.stringify(value)} {...props} value={value} />
        )}
      </section>
    </Card.Root>
  );
}

function StartRuleForm({
  value,
  identifySeenAt,
  stepPages,
  currentPage,
  checkPattern = noCheck,
  pending,
  error,
  fieldErrors,
  onSave,
}: StartRuleCardProps & { value: StartRuleValue }) {
  const intl = useIntl();
  // "Page actuelle": the author's page first (in the creator), then each step's page not already offered
  const offered = [
    ...(currentPage
      ? [
          {
            label: intl.formatMessage({ id: 'guide.start.thisPage', defaultMessage: 'Cette page' }),
            pattern: currentPage,
          },
        ]
      : []),
    ...stepPages
      .filter((page) => page.pattern !== currentPage)
      .map((page) => ({
        label: intl.formatMessage(
          { id: 'guide.start.stepPage', defaultMessage: 'Étape {number} : {name}' },
          { number: page.position, name: page.name },
        ),
        pattern: page.pattern,
      })),
  ];
  const schema = useMemo(() => createStartRuleSchema(intl, checkPattern), [intl, checkPattern]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<StartRuleFormInput, unknown, StartRuleValue>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: formValues(value),
  });
  useServerFieldErrors(
    fieldErrors as Parameters<typeof useServerFieldErrors>[0],
    setError as unknown as UseFormSetError<FieldValues>,
  );
  const pages = useFieldArray({ control, name: 'pages' });
  const audience = useFieldArray({ control, name: 'audience' });
  const mode = watch('mode');
  const typedPages = watch('pages');
  const rules = watch('audience');
  const automatic = mode === 'automatic';
  const pagesHelpId = useId();
  const audienceHelpId = useId();

  const modes = [
    {
      value: 'manual' as const,
      label: intl.formatMessage({ id: 'guide.start.manual', defaultMessage: 'Manuel' }),
      hint: intl.formatMessage({
        id: 'guide.start.manualHelp',
        defaultMessage: "Le guide démarre quand l'utilisateur le choisit dans le catalogue ou l'assistant.",
      }),
    },
    {
      value: 'automatic' as const,
      label: intl.formatMessage({ id: 'guide.start.automatic', defaultMessage: 'Automatique' }),
      hint: intl.formatMessage({
        id: 'guide.start.automaticHelp',
        defaultMessage: 'Le guide démarre de lui-même sur les pages indiquées.',
      }),
    },
  ];
  const frequencies = [
    {
      value: 'once',
      label: intl.formatMessage({ id: 'guide.start.once', defaultMessage: 'Une seule fois par visiteur' }),
    },
    {
      value: 'until-completed',
      label: intl.formatMessage({
        id: 'guide.start.untilCompleted',
        defaultMessage: "À chaque visite, jusqu'à ce qu'il soit terminé",
      }),
    },
    {
      value: 'every-visit',
      label: intl.formatMessage({ id: 'guide.start.everyVisit', defaultMessage: 'À chaque visite' }),
    },
  ];
  const operators = [
    {
      value: 'equals',
      label: intl.formatMessage({ id: 'guide.start.equals', defaultMessage: 'est égal à' }),
    },
    {
      value: 'contains',
      label: intl.formatMessage({ id: 'guide.start.contains', defaultMessage: 'contient' }),
    },
    {
      value: 'is-set',
      label: intl.formatMessage({ id: 'guide.start.isSet', defaultMessage: 'est renseigné' }),
    },
  ];
  const audienceUnmatched =
    automatic && rules.some((rule) => rule.attribute.trim()) && identifySeenAt === null;

  return (
    // laid out by its own width, not the window's: the creator draws it in a narrow panel on a wide page
    <form noValidate onSubmit={handleSubmit(onSave)} className={css({ containerType: 'inline-size' })}>
      <Card.Body className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <RadioGroup.Root
              name={field.name}
              value={field.value}
              onValueChange={(details) => {
                if (details.value === 'manual' || details.value === 'automatic')
                  field.onChange(details.value);
              }}
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', '@/2xl': '1fr 1fr' },
                gap: '3',
              })}
            >
              <RadioGroup.Label className={css({ gridColumn: '1 / -1' })}>
                <FormattedMessage id="guide.start.mode" defaultMessage="Démarrage du guide" />
              </RadioGroup.Label>
              {modes.map((choice) => (
                <RadioGroup.Item
                  key={choice.value}
                  value={choice.value}
                  alignItems="start"
                  p="3"
                  borderWidth="1px"
                  borderRadius="l2"
                  _checked={{ borderColor: 'colorPalette.solid.bg', bg: 'colorPalette.subtle.bg' }}
                >
                  <RadioGroup.ItemControl mt="0.5" />
                  <RadioGroup.ItemText>
                    <span>{choice.label}</span>
                    <Description display="block" color="fg.muted" textStyle="xs">
                      {choice.hint}
                    </Description>
                  </RadioGroup.ItemText>
                  <RadioGroup.ItemHiddenInput />
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          )}
        />

        {automatic && (
          <>
            <section className={section} aria-describedby={pagesHelpId}>
              <h4 className={sectionTitle}>
                <FormattedMessage id="guide.start.pages" defaultMessage="Pages où il démarre" />
              </h4>
              <p id={pagesHelpId} className={help}>
                <FormattedMessage
                  id="guide.start.pagesHelp"
                  defaultMessage="Un chemin (/factures/*, /app/**/edit) vaut pour tous les sites du projet : * remplace un segment de l'adresse, ** plusieurs. Une adresse complète ne vaut que pour son site."
                />
              </p>
              {pages.fields.map((page, index) => {
                const typed = typedPages[index]?.value.trim() ?? '';
                const check = typed ? checkPattern(typed) : {};
                // a line just added and still blank is said to be missing only once saving is tried: said on
                // leaving it, the message would push "Page actuelle" from under the pointer on its way there
                const fieldError = typed || isSubmitted ? errors.pages?.[index]?.value?.message : undefined;
                return (
                  <div key={page.id} className={row}>
                    <Field.Root invalid={Boolean(fieldError)} className={grow}>
                      <Field.Label>
                        <FormattedMessage
                          id="guide.start.page"
                          defaultMessage="Page {number}"
                          values={{ number: index + 1 }}
                        />
                      </Field.Label>
                      <Input {...register(`pages.${index}.value`)} placeholder="/factures/*" />
                      {fieldError ? (
                        <Field.ErrorText>{fieldError}</Field.ErrorText>
                      ) : check.coverage ? (
                        <p className={warning}>
                          <TriangleAlert aria-hidden />
                          {check.coverage === 'every-page' ? (
                            <FormattedMessage
                              id="guide.start.everyPage"
                              defaultMessage="Ce motif correspond à toutes les pages : le guide démarrera partout."
                            />
                          ) : (
                            <FormattedMessage
                              id="guide.start.noStep"
                              defaultMessage="Ce motif ne correspond à aucune page des étapes de ce guide."
                            />
                          )}
                        </p>
                      ) : null}
                    </Field.Root>
                    <div className={actions}>
                      <IconButton
                        variant="plain"
                        colorPalette="red"
                        aria-label={intl.formatMessage(
                          { id: 'guide.start.removePage', defaultMessage: 'Retirer la page {number}' },
                          { number: index + 1 },
                        )}
                        onClick={() => pages.remove(index)}
                      >
                        <Trash2 aria-hidden />
                      </IconButton>
                    </div>
                  </div>
                );
              })}
              {errors.pages?.message && (
                <p role="alert" className={css({ color: 'fg.error', textStyle: 'sm' })}>
                  {errors.pages.message}
                </p>
              )}
              <div className={pageTools}>
                <Button
                  variant="outline"
                  disabled={pages.fields.length >= MAX_PAGES}
                  onClick={() => pages.append({ value: '' })}
                >
                  <Plus aria-hidden />
                  <FormattedMessage id="guide.start.addPage" defaultMessage="Ajouter une page" />
                </Button>
                {offered.length > 0 && (
                  <div className={css({ flex: '1', minW: '60' })}>
                    <ChoiceSelect
                      label={intl.formatMessage({
                        id: 'guide.start.currentPage',
                        defaultMessage: 'Page actuelle',
                      })}
                      placeholder={intl.formatMessage({
                        id: 'guide.start.currentPagePlaceholder',
                        defaultMessage: "Reprendre la page d'une étape",
                      })}
                      items={offered.map((offer, place) => ({
                        // by place: a path's `/` and `*` make poor item values
                        value: String(place),
                        label: `${offer.label} — ${offer.pattern}`,
                      }))}
                      value=""
                      disabled={pages.fields.length >= MAX_PAGES && Boolean(typedPages.at(-1)?.value.trim())}
                      onChange={(chosen) => {
                        const offer = offered[Number(chosen)];
                        if (!offer) return;
                        // the last line when it is still blank, else a new one
                        const last = typedPages.length - 1;
                        if (last >= 0 && !typedPages[last]?.value.trim())
                          setValue(`pages.${last}.value`, offer.pattern, {
                            shouldValidate: true,
                            shouldDirty: true,
                          });
                        else pages.append({ value: offer.pattern }, { shouldFocus: false });
                      }}
                    />
                  </div>
                )}
              </div>
            </section>

            <div
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', '@/2xl': '1fr 1fr' },
                gap: '4',
              })}
            >
              <Controller
                control={control}
                name="frequency"
                render={({ field }) => (
                  <ChoiceSelect
                    label={intl.formatMessage({ id: 'guide.start.frequency', defaultMessage: 'Fréquence' })}
                    placeholder={intl.formatMessage({
                      id: 'guide.start.frequency',
                      defaultMessage: 'Fréquence',
                    })}
                    items={frequencies}
                    value={field.value}
                    onChange={(next) => next && field.onChange(next)}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <Field.Root invalid={Boolean(errors.delaySeconds)}>
                <Field.Label>
                  <FormattedMessage
                    id="guide.start.delay"
                    defaultMessage="Délai avant de démarrer (secondes)"
                  />
                </Field.Label>
                <Input {...register('delaySeconds')} inputMode="numeric" />
                <Field.ErrorText>{errors.delaySeconds?.message}</Field.ErrorText>
              </Field.Root>
            </div>

            <section className={section} aria-describedby={audienceHelpId}>
              <h4 className={sectionTitle}>
                <FormattedMessage id="guide.start.audience" defaultMessage="Public" />
              </h4>
              <p id={audienceHelpId} className={help}>
                <FormattedMessage
                  id="guide.start.audienceHelp"
                  defaultMessage="Sans condition, le guide démarre pour tous. Avec des conditions, seulement pour les utilisateurs que le site identifie (mulot('identify', …)) et dont les attributs les remplissent toutes."
                />
              </p>
              {audienceUnmatched && (
                <div role="status" className={notice}>
                  <CircleAlert aria-hidden />
                  <p>
                    <FormattedMessage
                      id="guide.start.identifyNeverSeen"
                      defaultMessage="Les sites de ce projet n'ont encore jamais identifié leurs utilisateurs (mulot('identify', …)) : ces conditions ne sont remplies pour personne."
                    />
                  </p>
                </div>
              )}
              {audience.fields.map((rule, index) => {
                const number = index + 1;
                const isSet = rules[index]?.operator === 'is-set';
                const ruleErrors = errors.audience?.[index];
                return (
                  <div key={rule.id} className={audienceRow}>
                    <Field.Root invalid={Boolean(ruleErrors?.attribute)}>
                      <Field.Label>
                        <FormattedMessage
                          id="guide.start.attribute"
                          defaultMessage="Attribut {number}"
                          values={{ number }}
                        />
                      </Field.Label>
                      <Input {...register(`audience.${index}.attribute`)} placeholder="plan" />
                      <Field.ErrorText>{ruleErrors?.attribute?.message}</Field.ErrorText>
                    </Field.Root>
                    <Controller
                      control={control}
                      name={`audience.${index}.operator`}
                      render={({ field }) => (
                        <ChoiceSelect
                          label={intl.formatMessage(
                            { id: 'guide.start.operator', defaultMessage: 'Condition {number}' },
                            { number },
                          )}
                          placeholder=""
                          items={operators}
                          value={field.value}
                          onChange={(next) => next && field.onChange(next)}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                    {isSet ? (
                      <span aria-hidden="true" />
                    ) : (
                      <Field.Root invalid={Boolean(ruleErrors?.value)}>
                        <Field.Label>
                          <FormattedMessage
                            id="guide.start.value"
                            defaultMessage="Valeur {number}"
                            values={{ number }}
                          />
                        </Field.Label>
                        <Input {...register(`audience.${index}.value`)} placeholder="pro" />
                        <Field.ErrorText>{ruleErrors?.value?.message}</Field.ErrorText>
                      </Field.Root>
                    )}
                    <div className={actions}>
                      <IconButton
                        variant="plain"
                        colorPalette="red"
                        aria-label={intl.formatMessage(
                          {
                            id: 'guide.start.removeCondition',
                            defaultMessage: 'Retirer la condition {number}',
                          },
                          { number },
                        )}
                        onClick={() => audience.remove(index)}
                      >
                        <Trash2 aria-hidden />
                      </IconButton>
                    </div>
                  </div>
                );
              })}
              <div>
                <Button
                  variant="outline"
                  disabled={audience.fields.length >= MAX_AUDIENCE}
                  onClick={() => audience.append({ attribute: '', operator: 'equals', value: '' })}
                >
                  <Plus aria-hidden />
                  <FormattedMessage id="guide.start.addCondition" defaultMessage="Ajouter une condition" />
                </Button>
              </div>
            </section>
          </>
        )}
        {error && (
          <p role="alert" className={css({ color: 'fg.error', textStyle: 'sm' })}>
            {error}
          </p>
        )}
      </Card.Body>
      <Card.Footer className={css({ justifyContent: 'flex-end' })}>
        <Button
          type="submit"
          loading={pending}
          loadingText={<FormattedMessage id="content.form.saving" defaultMessage="Enregistrement..." />}
        >
          <FormattedMessage id="guide.start.save" defaultMessage="Enregistrer le démarrage" />
        </Button>
      </Card.Footer>
    </form>
  );
}
