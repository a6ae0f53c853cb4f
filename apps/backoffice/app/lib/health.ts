import { downloadIssueScreenshot, downloadScreenshot, type Schemas } from '@mulot/api-client';
import type { GuideToRepair, RepairStep } from '@mulot/ui/fragments/health';
import { useQueries } from '@tanstack/react-query';
import { fetchClient } from './api';

// Guide health: the dashboard's guides to repair, with the screenshots an <img> cannot fetch itself (they need the
// session's headers), read as data URLs.

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

type Shot =
  // (a recaptured step has a new version: its new capture is fetched, not the cached one)
  | { kind: 'step'; scenarioId: string; stepId: string; version?: number }
  | { kind: 'issue'; scenarioId: string; runId: string; issueId: string };

function shotQuery(shot: Shot) {
  return {
    queryKey: ['health-screenshot', shot] as const,
    queryFn: async () =>
      dataUrl(
        shot.kind === 'step'
          ? await downloadScreenshot(fetchClient, { scenarioId: shot.scenarioId, stepId: shot.stepId })
          : await downloadIssueScreenshot(fetchClient, shot),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

/**
 * The captures of a guide's steps for its step list: by step id, undefined while loading, null when the step has
 * none (or it could not be read: the list says there is none rather than failing the page).
 */
export function useStepScreenshots(
  scenarioId: string | undefined,
  steps: readonly Pick<Schemas['Step'], 'id' | 'hasScreenshot' | 'version'>[],
): Map<string, string | null | undefined> {
  const shots = scenarioId
    ? steps
        .filter((step) => step.hasScreenshot)
        .map((step) => ({ kind: 'step' as const, scenarioId, stepId: step.id, version: step.version }))
    : [];
  const results = useQueries({ queries: shots.map(shotQuery) });
  const found = new Map<string, string | null | undefined>(steps.map((step) => [step.id, null]));
  shots.forEach((shot, index) => {
    const result = results[index];
    found.set(shot.stepId, result?.isError ? null : result?.data);
  });
  return found;
}

/** The dashboard's guides to repair as the ui fragment takes them, screenshots resolved as they arrive. */
export function useGuidesToRepair(guides: readonly Schemas['GuideToRepair'][] | undefined): GuideToRepair[] {
  const shots: Shot[] = [];
  for (const guide of guides ?? []) {
    for (const step of guide.steps) {
      if (step.hasScreenshot) shots.push({ kind: 'step', scenarioId: guide.scenarioId, stepId: step.stepId });
      if (step.latestFailure?.hasScreenshot)
        shots.push({
          kind: 'issue',
          scenarioId: guide.scenarioId,
          runId: step.latestFailure.runId,
          issueId: step.latestFailure.issueId,
        });
    }
  }
  const results = useQueries({ queries: shots.map(shotQuery) });
  const found = new Map<string, string | null | undefined>();
  shots.forEach((shot, index) => {
    const result = results[index];
    const key = shot.kind === 'step' ? `step:${shot.stepId}` : `issue:${shot.issueId}`;
    found.set(key, result?.isError ? null : result?.data);
  });
  return (guides ?? []).map((guide) => ({
    scenarioId: guide.scenarioId,
    projectId: guide.category.project.id,
    title: guide.title,
    projectName: guide.category.project.name,
    categoryName: guide.category.name,
    steps: guide.steps.map(
      (step): RepairStep => ({
        stepId: step.stepId,
        position: step.position,
        name: step.name,
        url: step.url,
        health: step.health,
        runs: step.runs,
        failures: step.failures,
        failureRate: step.failureRate,
        lastSeenAt: step.lastSeenAt,
        lastUrl: step.lastUrl,
        lastConfidence: step.lastConfidence,
        lastReason: step.lastReason ?? null,
        repairPending: step.repairPending,
        stepScreenshot: step.hasScreenshot ? found.get(`step:${step.stepId}`) : null,
        failureScreenshot: step.latestFailure?.hasScreenshot
          ? found.get(`issue:${step.latestFailure.issueId}`)
          : null,
      }),
    ),
  }));
}
