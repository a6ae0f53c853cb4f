// The start rules' framework-free half (issue 42), for what must stay small and React-free: the embed snippet's
// loader and the extension's end users' content script. The reader (./index.ts) is loaded only when a guide starts.
export { type AutoStart, type AutoStartHost, autoStart, publicStartCalls } from './auto-start.ts';
export { IDENTIFY_LIMITS, type Identity, identify } from './identify.ts';
export { markCompleted, markSeen, readHistory, VISITOR_SUBJECT } from './start-history.ts';
export {
  type Attributes,
  audienceHolds,
  decideStart,
  frequencyAllows,
  pageMatches,
  type StartDecision,
  type StartGuide,
  type StartHistory,
  type StartRule,
  type StartSituation,
} from './start-rules.ts';
