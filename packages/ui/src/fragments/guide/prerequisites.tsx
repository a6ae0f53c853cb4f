import { css } from '@mulot/ui/styled-system/css';
import { ListChecks, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, IconButton } from '../../components/button/button';
import * as Card from '../../components/card/card';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { LaunchGuideButton } from '../runner/launch-guide-button';
import { ChoiceSelect } from './choice-select';

export interface PrerequisiteValue {
  text: string;
  /** A scenario to complete first, or null. */
  scenarioId: string | null;
}

export interface PrerequisitesEditorProps {
  defaultValue: PrerequisiteValue[];
  /** Scenarios that can be required first (the edited one excluded). */
  scenarios: { id: string; title: string }[];
  pending?: boolean;
  error?: string | null;
  onSave: (prerequisites: PrerequisiteValue[]) => void;
}

const NONE = 'none';
// Aligned on the controls, not the bottoms: a field's error below its input must not push the row's other
// controls down. The remove button sits under a label-high spacer, as the two fields' controls do.
const rowClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '2fr 1fr auto' },
  alignItems: 'start',
  gap: '3',
});
const removeColumn = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
const labelSpacer = css({ textStyle: 'sm', visibility: 'hidden', hideBelow: 'md' });

/** Spec §2: a prerequisite is a text plus an optional prerequisite scenario; the whole list is saved at once. */
export function PrerequisitesEditor({
  defaultValue,
  scenarios,
  pending,
  error,
  onSave,
}: PrerequisitesEditorProps) {
  const intl = useIntl();
  const [rows, setRows] = useState(() => defaultValue.map((value, key) => ({ key, ...value })));
  const [nextKey, setNextKey] = useState(defaultValue.length);
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const required = intl.formatMessage({
    id: 'guide.prerequisites.textRequired',
    defaultMessage: 'Le texte du prérequis est requis',
  });
  const items = [
    {
      value: NONE,
      label: intl.formatMessage({ id: 'guide.prerequisites.noScenario', defaultMessage: 'Aucun' }),
    },
    ...scenarios.map((s) => ({ value: s.id, label: s.title })),
  ];
  const update = (key: number, change: Partial<PrerequisiteValue>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title>
          <FormattedMessage id="guide.prerequisites.title" defaultMessage="Prérequis" />
        </Card.Title>
        <Card.Description>
          <FormattedMessage
            id="guide.prerequisites.description"
            defaultMessage="Ce que l'utilisateur doit avoir fait avant de commencer ce guide."
          />
        </Card.Description>
      </Card.Header>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (rows.some((row) => !row.text.trim())) return;
          onSave(rows.map((row) => ({ text: row.text.trim(), scenarioId: row.scenarioId })));
        }}
      >
        <Card.Body>
          {rows.length === 0 && (
            <p className={css({ textStyle: 'sm', color: 'fg.muted' })}>
              <FormattedMessage id="guide.prerequisites.none" defaultMessage="Aucun prérequis." />
            </p>
          )}
          {rows.map((row, index) => {
            const invalid = (submitted || touched.has(row.key)) && !row.text.trim();
            return (
              <div key={row.key} className={rowClass}>
                <Field.Root invalid={invalid} required>
                  <Field.Label>
                    <FormattedMessage
                      id="guide.prerequisites.text"
                      defaultMessage="Prérequis {number}"
                      values={{ number: index + 1 }}
                    />
                  </Field.Label>
                  <Input
                    value={row.text}
                    onChange={(event) => update(row.key, { text: event.target.value })}
                    onBlur={() => setTouched((t) => new Set(t).add(row.key))}
                  />
                  <Field.ErrorText>{required}</Field.ErrorText>
                </Field.Root>
                <ChoiceSelect
                  label={intl.formatMessage({
                    id: 'guide.prerequisites.scenario',
                    defaultMessage: 'Guide à suivre avant',
                  })}
                  placeholder={intl.formatMessage({
                    id: 'guide.prerequisites.noScenario',
                    defaultMessage: 'Aucun',
                  })}
                  items={items}
                  value={row.scenarioId ?? NONE}
                  onChange={(value) =>
                    update(row.key, { scenarioId: value && value !== NONE ? value : null })
                  }
                />
                <div className={removeColumn}>
                  <span aria-hidden="true" className={labelSpacer}>
                    &nbsp;
                  </span>
                  <IconButton
                    variant="plain"
                    colorPalette="red"
                    aria-label={intl.formatMessage(
                      { id: 'guide.prerequisites.remove', defaultMessage: 'Retirer le prérequis {number}' },
                      { number: index + 1 },
                    )}
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                  >
                    <Trash2 aria-hidden />
                  </IconButton>
                </div>
              </div>
            );
          })}
          {error && (
            <p role="alert" className={css({ color: 'fg.error', textStyle: 'sm' })}>
              {error}
            </p>
          )}
        </Card.Body>
        <Card.Footer className={css({ justifyContent: 'space-between' })}>
          <Button
            variant="outline"
            onClick={() => {
              setRows((current) => [...current, { key: nextKey, text: '', scenarioId: null }]);
              setNextKey((k) => k + 1);
            }}
          >
            <Plus aria-hidden />
            <FormattedMessage id="guide.prerequisites.add" defaultMessage="Ajouter un prérequis" />
          </Button>
          <Button
            type="submit"
            loading={pending}
            loadingText={<FormattedMessage id="content.form.saving" defaultMessage="Enregistrement..." />}
          >
            <FormattedMessage id="guide.prerequisites.save" defaultMessage="Enregistrer les prérequis" />
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}

export interface PrerequisitePromptProps {
  prerequisites: { id: string; text: string; scenario: { id?: string; title: string } | null }[];
  /** Where guides can be played (the extension's reader): a prerequisite guide gets its own launch button. */
  onLaunch?: (scenario: { id?: string; title: string }) => void;
}

/** What a user reads before starting a guide that has prerequisites (spec §8). */
export function PrerequisitePrompt({ prerequisites, onLaunch }: PrerequisitePromptProps) {
  const titleId = useId();
  if (prerequisites.length === 0) return null;
  return (
    <section
      aria-labelledby={titleId}
      className={css({
        display: 'flex',
        gap: '3',
        p: '4',
        borderWidth: '1px',
        borderColor: 'amber.outline.border',
        bg: 'amber.subtle.bg',
        color: 'amber.subtle.fg',
        borderRadius: 'l2',
        '& > svg': { w: '5', h: '5', flexShrink: '0' },
      })}
    >
      <ListChecks aria-hidden />
      <div>
        <h3 id={titleId} className={css({ fontWeight: 'semibold', textStyle: 'sm' })}>
          <FormattedMessage
            id="guide.prerequisites.prompt"
            defaultMessage="Vous devez compléter les prérequis suivants avant de commencer ce guide :"
          />
        </h3>
        <ul className={css({ mt: '2', pl: '5', listStyle: 'disc', textStyle: 'sm' })}>
          {prerequisites.map((p) => {
            const linked = p.scenario;
            return (
              <li key={p.id}>
                {p.text}
                {linked && (
                  <>
                    {' '}
                    <FormattedMessage
                      id="guide.prerequisites.promptScenario"
                      defaultMessage="(guide « {title} »)"
                      values={{ title: linked.title }}
                    />
                    {onLaunch && (
                      <span className={css({ display: 'block', mt: '1.5' })}>
                        <LaunchGuideButton title={linked.title} weak onClick={() => onLaunch(linked)} />
                      </span>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
