export { capture } from './capture';
export { type AutoClickOptions, autoClick, type ClickState } from './click';
export { adoptStyles, type SearchRoot, UI_ATTRIBUTE } from './dom';
export {
  type ProgressStore,
  RunEngine,
  type RunEngineOptions,
  type RunEvents,
  type RunProgress,
  type RunState,
  type RunStep,
  type StepIssue,
  sameOriginAndPath,
} from './engine';
export {
  type Candidate,
  DEGRADED_CONFIDENCE,
  type FindOptions,
  type FindReason,
  type FindResult,
  type FindStatus,
  find,
  MIN_CONFIDENCE,
} from './find';
export { type HighlightHandle, type HighlightOptions, highlight } from './highlight';
export { pickElement } from './picker';
export {
  type MissingTargetPolicy,
  placeStep,
  type StepPlacement,
} from './policy';
export { FIND_REASONS } from './reasons';
export {
  type AncestorSignature,
  parseTarget,
  type StableAttribute,
  type StepTarget,
  storedTarget,
  type TargetDescriptor,
} from './target';
export { type WaitOptions, waitFor } from './wait';
