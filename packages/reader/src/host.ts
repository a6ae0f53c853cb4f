import type { Schemas } from '@mulot/api-client';
import type { RunProgress } from '@mulot/player';
import type { CatalogueGuide } from '@mulot/ui/fragments/runner';
import type { ComponentType, ReactNode } from 'react';

export type Scenario = Schemas['Scenario'];
export type Locale = 'fr' | 'en';

/** The run engine's progress, with the run record it reports to. */
export interface RunRecord extends RunProgress {
  /** null when recording the run failed: the guide still plays */
  runId: string | null;
}

/** What a reader remembers across page loads: the guide in progress and how far it got. */
export interface ReaderProgress {
  /** absent: the catalogue is shown */
  scenarioId?: string;
  run?: RunRecord;
  finished?: boolean;
  /** the host paused the guide on this page (the extension, when the tab left the project's sites) */
  pausedOn?: string;
}

/**
 * How a host reaches Mulot: a member's session (the extension: `/catalogue`, `/scenarios/{id}`, `/assistant`,
 * `/scenarios/{id}/runs` through its background) or a site key (the embed snippet: the `public` calls). Failures
 * reject (with the API client's `ApiError` where there is one): the reader shows them.
 */
export interface ReaderTransport {
  /** the published guides offered on the page at `url` */
  catalogue(url: string): Promise<CatalogueGuide[]>;
  /** one published guide with its steps and prerequisites */
  scenario(id: string): Promise<Scenario>;
  /** the assistant's answer for the page at `url` */
  assistant(query: string, url: string): Promise<Schemas['AssistantAnswer']>;
  /** records that the guide started on `url`; the run's id */
  startRun(scenarioId: string, url: string): Promise<string | null>;
  /** records how far the run got (steps completed, issues, its end) */
  updateRun(scenarioId: string, runId: string, update: Schemas['RunUpdate']): Promise<void>;
  /** the step's captured screenshot (a data URL), shown when its target is not found; none without */
  screenshot?(scenarioId: string, stepId: string): Promise<string | null>;
}

/** Where a host keeps the reader's progress and the guides completed in this browser. */
export interface ReaderStorage {
  /** the progress to resume at the next page load; null: the reader was closed */
  save(progress: ReaderProgress | null): Promise<void>;
  /** the guides played to the end here (their prerequisite prompt is not shown again) */
  completed(): Promise<string[]>;
  markCompleted(scenarioId: string): Promise<void>;
  /**
   * The guide was shown (opened: its prerequisite prompt or its first step), for the start rules' frequency
   * (issue 42); dismissing it afterwards counts as shown. A host without start rules leaves it out.
   */
  markSeen?(scenarioId: string): Promise<void>;
}

/** The panel around the catalogue, prerequisites and congratulations, as the host draws it on the page. */
export interface ReaderPanelProps {
  title: string;
  alert?: string | null;
  status?: string;
  onClose: () => void;
  children: ReactNode;
}

export interface ReaderHost {
  transport: ReaderTransport;
  storage: ReaderStorage;
  locale: Locale;
  /** the host's panel (its shadow root, its styles, its extras such as signing in again) */
  Panel: ComponentType<ReaderPanelProps>;
  /** the design system's CSS, for the step overlay's shadow root */
  css: string;
  /** a step's page: the host decides whether the guide may take the user there */
  navigate(url: string): void;
  /** the page the user is on (location.href by default) */
  url?: () => string;
  /** the user closed the reader (from its catalogue, or by quitting a guide for good) */
  onClosed?: () => void;
  /** what failed in the reader (an action, a render); unset: thrown as usual */
  onError?: (error: unknown) => void;
}
