import type { FindResult } from './find';
import type { TargetDescriptor } from './target';
import { type WaitOptions, waitFor } from './wait';

/**
 * What a step does when its target cannot be found, chosen by the guide's author:
 * wait up to `wait` seconds, otherwise skip the step or show it unanchored (with its captured screenshot).
 */
export interface MissingTargetPolicy {
  wait: number;
  otherwise: 'skip' | 'unanchored';
}

export const DEFAULT_MISSING_TARGET_POLICY: Readonly<MissingTargetPolicy> = Object.freeze({
  wait: 6,
  otherwise: 'unanchored',
});

export type StepPlacement =
  | { kind: 'anchored'; element: Element; report: FindResult }
  | { kind: 'skip'; report: FindResult }
  | { kind: 'unanchored'; report: FindResult };

/** Locates a step's target under its missing-target policy; the report feeds the run record (guide health). */
export async function placeStep(
  descriptor: TargetDescriptor,
  policy: MissingTargetPolicy = DEFAULT_MISSING_TARGET_POLICY,
  options: Omit<WaitOptions, 'timeout'> = {},
): Promise<StepPlacement> {
  const report = await waitFor(descriptor, { ...options, timeout: Math.max(0, policy.wait) * 1000 });
  // a found target always comes with its element
  if (report.status === 'found') return { kind: 'anchored', element: report.element as Element, report };
  return { kind: policy.otherwise, report };
}
