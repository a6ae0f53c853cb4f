import type { RunProgress as EngineProgress } from '@mulot/player';
import type { Session } from './launch';

/** What the extension remembers for one tab (chrome.storage.session, through the background). */
export type TabState = CreatorState | ReaderState;

/** Where a mode belongs: the panel mounts, records and plays only on these sites. */
interface OnSites {
  /** the project's sites (the background sets them at launch; content scripts cannot change them) */
  sites?: string[];
  /** the last page of the sites the tab showed in this mode */
  lastPage?: string;
  /** the tab left the sites from this page: the panel says so on return */
  pausedOn?: string;
}

export interface CreatorState extends OnSites {
  mode: 'creator';
  projectId?: string;
  categoryId?: string;
  scenarioId?: string;
  /** open the step editor on this step (launched from a step of the scenario detail) */
  stepId?: string;
  /** with stepId: start capturing the step's target at once (repairing a failing step from the dashboard) */
  recapture?: boolean;
}

/** The run engine's progress, with the run record it reports to. */
export interface RunProgress extends EngineProgress {
  /** null when recording the run failed: the guide still plays */
  runId: string | null;
}

export interface ReaderState extends OnSites {
  mode: 'reader';
  /** absent: the catalogue is shown */
  scenarioId?: string;
  run?: RunProgress;
  finished?: boolean;
}

/** The session as content scripts see it: never the token, which only the background uses. */
export type PublicSession = Omit<Session, 'token'>;

export interface ProxiedResponse {
  status: number;
  statusText: string;
  contentType: string | null;
  body: string;
}

export type Message =
  | { kind: 'launch'; data: unknown; origin: string }
  | {
      kind: 'fetch';
      url: string;
      method: string;
      contentType: string | null;
      body: string | null;
      /** The version a write is based on (a stale one answers 412). */
      ifMatch?: string | null;
    }
  | { kind: 'session' }
  | { kind: 'tab-state:get' }
  | { kind: 'tab-state:set'; state: TabState | null }
  | { kind: 'screenshot:put'; scenarioId: string; stepId: string }
  | { kind: 'screenshot:get'; scenarioId: string; stepId: string }
  | { kind: 'issue-screenshot:put'; scenarioId: string; runId: string; issueId: string }
  | { kind: 'start'; tabId: number; state: TabState }
  | { kind: 'approval:get'; id: string }
  | { kind: 'approval:answer'; id: string; allow: boolean }
  | { kind: 'sign-out' }
  | { kind: 'sign-in' }
  | { kind: 'completed:get' }
  | { kind: 'completed:add'; scenarioId: string }
  | { kind: 'end-user'; locale: string };

export interface LaunchAnswer {
  ok: boolean;
  error?: string;
  detail?: string;
}

/** What the end users' content script is told on a site of the policy's keys (no account, no session). */
export interface EndUserConfig {
  /** the Mulot API, `<Mulot address>/api` */
  apiBase: string;
  /** the key of the project whose site this page is */
  siteKey: string;
}

/** The background's answer to the end users' content script: where to call, and the launcher's texts. */
export interface EndUserAnswer extends EndUserConfig {
  locale: 'fr' | 'en';
  texts: { open: string; label: string };
}
