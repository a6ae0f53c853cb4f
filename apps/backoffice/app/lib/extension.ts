import { getLocale } from './intl';
import { getOrganizationId } from './organization';
import { getToken } from './session';

/** Message types of the launch protocol shared with apps/extension. */
const LAUNCH_MESSAGE = 'mulot:launch';
const LAUNCH_RESULT_MESSAGE = 'mulot:launch-result';

export type LaunchMode = 'reader' | 'creator';

export interface LaunchTarget {
  mode: LaunchMode;
  url: string;
  projectId?: string;
  categoryId?: string;
  scenarioId?: string;
  stepId?: string;
  /** creator on stepId: start capturing its target straight away (repairing a failing step) */
  recapture?: boolean;
}

export type LaunchProblem = 'noUrl' | 'noTarget' | 'noSession';

/** The extension marks the page (`data-mulot-extension` on <html>) from its content script at document start. */
export function extensionInstalled(): boolean {
  return typeof document !== 'undefined' && Boolean(document.documentElement.dataset.mulotExtension);
}

/** Spec §5: a url without a scheme gets https. */
function withScheme(url: string): string {
  const trimmed = url.trim();
  return /^[a-z][a-z\d+\-.]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * Spec §5 "Extension launch": a target url and a mode; a new tutorial needs projectId and categoryId, an
 * existing one scenarioId. Returns what is missing, or null when the launch can go.
 */
export function launchProblem(target: LaunchTarget): LaunchProblem | null {
  if (!target.url.trim()) return 'noUrl';
  if (!target.scenarioId && !(target.projectId && target.categoryId)) return 'noTarget';
  if (!getToken() || !getOrganizationId()) return 'noSession';
  return null;
}

function apiBase(): string {
  const base = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';
  return new URL(base, window.location.origin).href.replace(/\/+$/, '');
}

export interface LaunchResult {
  ok: boolean;
  error?: string;
}

/**
 * Hands the session and the target to the extension (same-origin postMessage, which its content script
 * relays) and resolves with its answer. The first launch from an origin waits for the user's approval in an
 * extension window, hence no short timeout.
 */
export function launchExtension(target: LaunchTarget): Promise<LaunchResult> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window || event.data?.type !== LAUNCH_RESULT_MESSAGE) return;
      window.removeEventListener('message', onMessage);
      resolve({
        ok: Boolean(event.data.ok),
        error: typeof event.data.error === 'string' ? event.data.error : undefined,
      });
    };
    window.addEventListener('message', onMessage);
    window.postMessage(
      {
        type: LAUNCH_MESSAGE,
        apiBase: apiBase(),
        token: getToken(),
        organizationId: getOrganizationId(),
        locale: getLocale(),
        mode: target.mode,
        url: withScheme(target.url),
        ...(target.projectId ? { projectId: target.projectId } : {}),
        ...(target.categoryId ? { categoryId: target.categoryId } : {}),
        ...(target.scenarioId ? { scenarioId: target.scenarioId } : {}),
        ...(target.stepId ? { stepId: target.stepId } : {}),
        ...(target.recapture ? { recapture: true } : {}),
      },
      window.location.origin,
    );
  });
}
