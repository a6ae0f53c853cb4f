import { zodResolver } from '@hookform/resolvers/zod';
import type { StepTarget } from '@mulot/player';
import { css } from '@mulot/ui/styled-system/css';
import { Crosshair, RefreshCw } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button, CancelButton } from '../../components/button/button';
import { Checkbox } from '../../components/checkbox/checkbox';
import * as Field from '../../components/field/field';
import { Input } from '../../components/input/input';
import { Spinner } from '../../components/spinner/spinner';
import { Textarea } from '../../components/textarea/textarea';
import { ChoiceSelect } from '../guide/choice-select';
import { createStepSchema, type MessageFormatter, type StepValues } from './schemas';
import { errorText, footer, muted, panel, row, successText, thumbnail } from './styles';

/** What the player does when the step's target is not found: wait that long, then show it unanchored or skip it. */
export interface MissingTargetValues {
  waitSeconds: number;
  fallback: 'unanchored' | 'skip';
}

export type StepEditorValues = StepValues & MissingTargetValues;

const MAX_WAIT = 120;

function createEditorSchema(intl: MessageFormatter) {
  return createStepSchema(intl).extend({
    waitSeconds: z.number().int().min(0).max(MAX_WAIT),
    fallback: z.enum(['unanchored', 'skip']),
  });
}

/** What the editor shows of a captured target: the player's own target type, narrowed to what is displayed. */
export type CapturedTarget = Pick<StepTarget, 'tag' | 'role' | 'name' | 'text'>;

export type CaptureState = 'idle' | 'detecting';

export interface StepEditorProps {
  /** add: a new step; modify: an existing one. */
  mode: 'add' | 'modify';
  /** Position of the step in the guide (1-based), shown in the heading. */
  position?: number;
  defaultValues?: Partial<StepEditorValues>;
  /** The captured target, or null when none was captured yet. */
  target: CapturedTarget | null;
  /** Screenshot of the visible tab taken at capture time (an image URL, e.g. a data: or blob: URL). */
  screenshot?: string | null;
  /** The page the target was just captured on: it becomes the step's page URL (what the author typed stays). */
  capturedUrl?: string;
  /** detecting: the page is waiting for the author to pick an element. */
  capture: CaptureState;
  onStartCapture: () => void;
  /** Escape or the cancel button while detecting. */
  onCancelCapture: () => void;
  pending?: boolean;
  error?: string | null;
  /** The last save succeeded (shows the spec's success text). */
  saved?: boolean;
  onSubmit: (values: StepEditorValues) => void;
  onCancel?: () => void;
}

const dl = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '3',
  rowGap: '1',
  textStyle: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { color: 'fg.default', wordBreak: 'break-word' },
});
// Denser than the other fragments: the editor must fit the in-page panel's height with its screenshot.
const formStack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const sectionTitle = css({ fontWeight: 'semibold', textStyle: 'sm', color: 'fg.default' });

function TargetSummary({ target, screenshot }: { target: CapturedTarget; screenshot?: string | null }) {
  const intl = useIntl();
  const label = target.name || target.text;
  return (
    <>
      <dl className={dl}>
        <dt>
          <FormattedMessage id="runner.step.targetRole" defaultMessage="Rôle" />
        </dt>
        <dd>{target.role || target.tag}</dd>
        {label && (
          <>
            <dt>
              {target.name ? (
                <FormattedMessage id="runner.step.targetName" defaultMessage="Nom accessible" />
              ) : (
                <FormattedMessage id="runner.step.targetText" defaultMessage="Texte" />
              )}
            </dt>
            <dd>« {label} »</dd>
          </>
        )}
        <dt>
          <FormattedMessage id="runner.step.targetTag" defaultMessage="Balise" />
        </dt>
        <dd>
          <code>{`<${target.tag}>`}</code>
        </dd>
      </dl>
      {screenshot ? (
        <img
          className={thumbnail}
          src={screenshot}
          alt={intl.formatMessage({
            id: 'runner.step.screenshotAlt',
            defaultMessage: "Capture d'écran de la page au moment de la capture",
          })}
        />
      ) : (
        <p className={muted}>
          <FormattedMessage
            id="runner.noScreenshot"
            defaultMessage="Aucune capture d'écran associée à cette étape."
          />
        </p>
      )}
    </>
  );
}

/** Creator mode: edit one step and capture its target on the page (spec §2 "Steps editor"). */
export function StepEditor({
  mode,
  position,
  defaultValues,
  target,
  screenshot,
  capturedUrl,
  capture,
  onStartCapture,
  onCancelCapture,
  pending,
  error,
  saved,
  onSubmit,
  onCancel,
}: StepEditorProps) {
  const intl = useIntl();
  const schema = useMemo(() => createEditorSchema(intl), [intl]);
  const rootRef = useRef<HTMLFormElement>(null);
  const targetTitleId = useId();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<StepEditorValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: {
      name: defaultValues?.name ?? '',
      text: defaultValues?.text ?? '',
      extra: defaultValues?.extra ?? '',
      url: defaultValues?.url ?? '',
      autoClick: defaultValues?.autoClick ?? false,
      waitSeconds: defaultValues?.waitSeconds ?? 6,
      fallback: defaultValues?.fallback ?? 'unanchored',
    },
  });
  const fallbacks = useMemo(
    () => [
      {
        value: 'unanchored',
        label: intl.formatMessage({
          id: 'extension.step.fallbackUnanchored',
          defaultMessage: "Afficher l'étape sans ancrage (avec sa capture d'écran)",
        }),
      },
      {
        value: 'skip',
        label: intl.formatMessage({ id: 'extension.step.fallbackSkip', defaultMessage: "Passer l'étape" }),
      },
    ],
    [intl],
  );

  useEffect(() => {
    if (capturedUrl) setValue('url', capturedUrl, { shouldValidate: true });
  }, [capturedUrl, setValue]);

  const detecting = capture === 'detecting';
  // While detecting, the author's pointer is on the page, not on the panel: Escape anywhere cancels. The
  // listener sits on the panel's document (the page's, also when the panel lives in a shadow root).
  useEffect(() => {
    if (!detecting) return;
    const doc = rootRef.current?.ownerDocument ?? document;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCancelCapture();
      }
    };
    doc.addEventListener('keydown', onKey, true);
    return () => doc.removeEventListener('keydown', onKey, true);
  }, [detecting, onCancelCapture]);

  return (
    <form ref={rootRef} className={formStack} onSubmit={handleSubmit(onSubmit)} noValidate>
      <h2 className={css({ textStyle: 'lg', fontWeight: 'semibold' })}>
        {mode === 'add' ? (
          <FormattedMessage id="runner.step.addTitle" defaultMessage="Nouvelle étape" />
        ) : (
          <FormattedMessage
            id="runner.step.modifyTitle"
            defaultMessage="Modifier l'étape {position}"
            values={{ position: position ?? '' }}
          />
        )}
      </h2>
      <Field.Root invalid={!!errors.name} required>
        <Field.Label>
          <FormattedMessage id="runner.step.name" defaultMessage="Titre de l'étape" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input {...register('name')} />
        <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.text} required>
        <Field.Label>
          <FormattedMessage id="runner.step.text" defaultMessage="Action à effectuer" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea {...register('text')} rows={2} />
        <Field.ErrorText>{errors.text?.message}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.extra}>
        <Field.Label>
          <FormattedMessage
            id="runner.step.extra"
            defaultMessage="Informations complémentaires (facultatif)"
          />
        </Field.Label>
        <Textarea {...register('extra')} rows={2} />
      </Field.Root>
      <Field.Root invalid={!!errors.url}>
        <Field.Label>
          <FormattedMessage id="runner.step.url" defaultMessage="URL de la page" />
        </Field.Label>
        <Input {...register('url')} type="url" inputMode="url" placeholder="https://" />
        <Field.HelperText>
          <FormattedMessage
            id="runner.step.urlHelp"
            defaultMessage="La page où l'étape se joue ; capturer un élément la remplit."
          />
        </Field.HelperText>
        <Field.ErrorText>{errors.url?.message}</Field.ErrorText>
      </Field.Root>

      <section className={panel} aria-labelledby={targetTitleId}>
        <h3 id={targetTitleId} className={sectionTitle}>
          <FormattedMessage id="runner.step.target" defaultMessage="Élément cible" />
        </h3>
        {detecting ? (
          <div className={row}>
            <Spinner
              size="sm"
              label={intl.formatMessage({
                id: 'runner.step.detecting',
                defaultMessage: 'Détection en cours...',
              })}
            />
            <p className={css({ textStyle: 'sm', flex: '1', minW: '0' })}>
              <FormattedMessage
                id="runner.step.detectingHelp"
                defaultMessage="Cliquez sur l'élément de la page à mettre en évidence. Échap pour annuler."
              />
            </p>
            <Button size="sm" variant="outline" onClick={onCancelCapture}>
              <FormattedMessage id="runner.step.cancelCapture" defaultMessage="Annuler la capture" />
            </Button>
          </div>
        ) : target ? (
          <>
            <TargetSummary target={target} screenshot={screenshot} />
            <div>
              <Button size="sm" variant="outline" onClick={onStartCapture} disabled={pending}>
                <RefreshCw aria-hidden />
                <FormattedMessage id="runner.step.recapture" defaultMessage="Recapturer" />
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={muted}>
              <FormattedMessage
                id="runner.step.noTarget"
                defaultMessage="Aucun élément n'a été capturé pour cette étape."
              />
            </p>
            <div>
              <Button size="sm" variant="outline" onClick={onStartCapture} disabled={pending}>
                <Crosshair aria-hidden />
                <FormattedMessage id="runner.step.capture" defaultMessage="Capturer un élément" />
              </Button>
            </div>
          </>
        )}
      </section>

      <Controller
        control={control}
        name="autoClick"
        render={({ field }) => (
          <Checkbox
            checked={field.value}
            onCheckedChange={(details) => field.onChange(details.checked === true)}
            name={field.name}
          >
            <FormattedMessage
              id="runner.step.autoClick"
              defaultMessage="Cliquer automatiquement sur l'élément"
            />
          </Checkbox>
        )}
      />

      <Field.Root invalid={!!errors.waitSeconds}>
        <Field.Label>
          <FormattedMessage id="extension.step.wait" defaultMessage="Attendre la cible (secondes)" />
        </Field.Label>
        <Input
          {...register('waitSeconds', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_WAIT}
        />
        <Field.ErrorText>{errors.waitSeconds && `0 – ${MAX_WAIT}`}</Field.ErrorText>
      </Field.Root>
      <Controller
        control={control}
        name="fallback"
        render={({ field }) => (
          <ChoiceSelect
            label={intl.formatMessage({
              id: 'extension.step.fallback',
              defaultMessage: 'Si la cible reste introuvable',
            })}
            placeholder=""
            items={fallbacks}
            value={field.value}
            onChange={(value) => field.onChange(value === 'skip' ? 'skip' : 'unanchored')}
            onBlur={field.onBlur}
          />
        )}
      />

      {error && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      <p role="status" className={successText}>
        {saved &&
          (mode === 'modify' ? (
            <FormattedMessage id="runner.step.updated" defaultMessage="Étape mise à jour avec succès" />
          ) : (
            <FormattedMessage id="runner.step.added" defaultMessage="Étape ajoutée avec succès" />
          ))}
      </p>
      <div className={footer}>
        {onCancel && (
          <CancelButton onClick={onCancel} disabled={pending}>
            <FormattedMessage id="content.dialog.cancel" defaultMessage="Annuler" />
          </CancelButton>
        )}
        <Button
          type="submit"
          disabled={detecting}
          loading={pending}
          loadingText={<FormattedMessage id="content.form.saving" defaultMessage="Enregistrement..." />}
        >
          {mode === 'add' ? (
            <FormattedMessage id="runner.step.add" defaultMessage="Ajouter l'étape" />
          ) : (
            <FormattedMessage id="runner.step.modify" defaultMessage="Mettre à jour l'étape" />
          )}
        </Button>
      </div>
    </form>
  );
}
