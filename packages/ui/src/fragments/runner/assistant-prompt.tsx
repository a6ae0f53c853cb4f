import { css } from '@mulot/ui/styled-system/css';
import { Info, SearchX, Sparkles } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/badge/badge';
import { Button } from '../../components/button/button';
import { EmptyState } from '../../components/empty-state/empty-state';
import * as Field from '../../components/field/field';
import { Textarea } from '../../components/textarea/textarea';
import { FragmentLink } from '../link/link';
import { lazyResolver } from '../validation/lazy-resolver';
import { LIMITS } from '../validation/limits';
import type { AssistantPromptValues } from './assistant-schema';
import { LaunchGuideButton } from './launch-guide-button';
import { errorText, footer, muted, notice, stack } from './styles';

/** One ranked guide of `POST /assistant`. */
export interface AssistantResult {
  scenarioId: string;
  title: string;
  reason: string;
  /** Relevance between 0 and 1. */
  score: number;
}

export interface AssistantAnswer {
  /** Confident answers, best first; empty: no guide answers well enough. */
  results: AssistantResult[];
  /** Only without confident answers: the closest guides, weak matches shown apart as "peut-être". */
  weak?: AssistantResult[];
  guidance?: string | null;
  /** The model was not available: the answer comes from the offline full-text search. */
  fallback?: boolean;
}

export interface AssistantPromptProps {
  pending?: boolean;
  /** The last answer; null/undefined before the first question. */
  answer?: AssistantAnswer | null;
  error?: string | null;
  defaultQuery?: string;
  onSubmit: (values: AssistantPromptValues) => void;
  onLaunch: (result: AssistantResult) => void;
  /**
   * Where the list of guides is, when it is on another page (the back-office: the projects); without it the list
   * is beside the prompt (the extension's catalogue) and "consultez la liste des guides" needs no link.
   */
  guidesHref?: string;
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none' });
const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.default',
});
const weakItem = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'l2',
  bg: 'bg.subtle',
});
const itemHead = css({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: '3',
});

/** "Décrivez ce que vous voulez faire": the assistant's question and its ranked guides (spec §2, issue 6). */
export function AssistantPrompt({
  pending,
  answer,
  error,
  defaultQuery,
  onSubmit,
  onLaunch,
  guidesHref,
}: AssistantPromptProps) {
  const intl = useIntl();
  // zod and the rules are fetched at the first validation: the reader's panel shows without them
  const resolver = useMemo(
    () =>
      lazyResolver<AssistantPromptValues>(() =>
        import('./assistant-schema').then((module) => module.assistantResolver(intl)),
      ),
    [intl],
  );
  const resultsId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AssistantPromptValues>({
    resolver,
    mode: 'all',
    defaultValues: { query: defaultQuery ?? '' },
  });
  // Emptying the request puts the previous answer (or failure) away, until the next request (issue 40): it
  // answered a question that is no longer asked.
  const [cleared, setCleared] = useState(false);
  const submit = handleSubmit((values) => {
    setCleared(false);
    onSubmit(values);
  });
  const query = register('query');

  return (
    <div className={stack}>
      <form onSubmit={submit} noValidate className={stack}>
        <Field.Root invalid={!!errors.query} required>
          <Field.Label>
            <FormattedMessage
              id="runner.assistant.prompt"
              defaultMessage="Décrivez ce que vous voulez faire"
            />
          </Field.Label>
          <Textarea
            {...query}
            onChange={(event) => {
              if (event.target.value.trim() === '') setCleared(true);
              return query.onChange(event);
            }}
            rows={3}
            maxLength={LIMITS.query}
            onKeyDown={(event) => {
              // Enter asks, Shift+Enter adds a line; never while an input method is composing a character.
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                if (!pending) void submit();
              }
            }}
          />
          <Field.HelperText>
            <FormattedMessage
              id="runner.assistant.help"
              defaultMessage="Entrée pour envoyer, Maj+Entrée pour aller à la ligne."
            />
          </Field.HelperText>
          <Field.ErrorText>{errors.query?.message}</Field.ErrorText>
        </Field.Root>
        <div className={footer}>
          <Button
            type="submit"
            loading={pending}
            loadingText={<FormattedMessage id="runner.assistant.pending" defaultMessage="Recherche..." />}
          >
            <Sparkles aria-hidden />
            <FormattedMessage id="runner.assistant.submit" defaultMessage="Trouver un guide" />
          </Button>
        </div>
      </form>
      {error && !cleared && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      {answer && !error && !cleared && (
        <section className={stack} aria-labelledby={resultsId} aria-busy={pending || undefined}>
          <h2 id={resultsId} className={css({ srOnly: true })}>
            <FormattedMessage id="runner.assistant.results" defaultMessage="Guides proposés" />
          </h2>
          {answer.fallback && (
            <p className={notice}>
              <Info aria-hidden />
              <FormattedMessage
                id="runner.assistant.fallback"
                defaultMessage="L'assistant intelligent n'a pas pu répondre : ces guides viennent de la recherche par mots-clés."
              />
            </p>
          )}
          {answer.guidance && (
            <p className={css({ textStyle: 'sm', whiteSpace: 'pre-line' })}>{answer.guidance}</p>
          )}
          {answer.results.length === 0 && (answer.weak?.length ?? 0) > 0 ? (
            <WeakResults weak={answer.weak ?? []} onLaunch={onLaunch} />
          ) : answer.results.length === 0 ? (
            <EmptyState
              icon={<SearchX />}
              title={
                <FormattedMessage
                  id="runner.assistant.empty"
                  defaultMessage="Aucun guide ne correspond à votre demande"
                />
              }
              description={
                guidesHref ? (
                  <FormattedMessage
                    id="runner.assistant.emptyHelpLink"
                    defaultMessage="Reformulez votre demande ou <link>consultez la liste des guides</link>, rangés dans vos projets."
                    values={{
                      link: (chunks) => (
                        <FragmentLink href={guidesHref} className={css({ textDecoration: 'underline' })}>
                          {chunks}
                        </FragmentLink>
                      ),
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="runner.assistant.emptyHelp"
                    defaultMessage="Reformulez votre demande ou consultez la liste des guides."
                  />
                )
              }
            />
          ) : (
            <ol className={list}>
              {answer.results.map((result) => (
                <ResultItem key={result.scenarioId} result={result} onLaunch={onLaunch} />
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}

function ResultItem({
  result,
  weak,
  onLaunch,
}: {
  result: AssistantResult;
  weak?: boolean;
  onLaunch: (result: AssistantResult) => void;
}) {
  const intl = useIntl();
  return (
    <li className={weak ? weakItem : item}>
      <div className={itemHead}>
        <h3 className={css({ fontWeight: 'semibold', fontSize: 'md' })}>{result.title}</h3>
        {weak ? (
          <Badge size="sm" variant="outline">
            <FormattedMessage id="runner.assistant.weakBadge" defaultMessage="Peut-être" />
          </Badge>
        ) : (
          <Badge size="sm" variant="subtle">
            <FormattedMessage
              id="runner.assistant.score"
              defaultMessage="Pertinence : {score}"
              values={{
                score: intl.formatNumber(Math.min(1, Math.max(0, result.score)), {
                  style: 'percent',
                }),
              }}
            />
          </Badge>
        )}
      </div>
      <p className={muted}>{result.reason}</p>
      <div className={footer}>
        <LaunchGuideButton title={result.title} weak={weak} onClick={() => onLaunch(result)} />
      </div>
    </li>
  );
}

/**
 * No guide answers well enough, but some are close: they are said to be weak matches, apart and unlike confident
 * answers (dashed, "Peut-être" instead of a relevance), so that a user is not left with nothing nor misled.
 */
function WeakResults({
  weak,
  onLaunch,
}: {
  weak: AssistantResult[];
  onLaunch: (result: AssistantResult) => void;
}) {
  const headingId = useId();
  return (
    <div className={stack}>
      <p className={notice}>
        <SearchX aria-hidden />
        <FormattedMessage
          id="runner.assistant.weakNotice"
          defaultMessage="Aucun guide ne correspond vraiment à votre demande."
        />
      </p>
      <h3 id={headingId} className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
        <FormattedMessage id="runner.assistant.weakTitle" defaultMessage="Peut-être :" />
      </h3>
      <ul className={list} aria-labelledby={headingId}>
        {weak.map((result) => (
          <ResultItem key={result.scenarioId} result={result} weak onLaunch={onLaunch} />
        ))}
      </ul>
    </div>
  );
}
