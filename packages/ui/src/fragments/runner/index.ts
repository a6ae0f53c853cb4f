export {
  type AssistantAnswer,
  AssistantPrompt,
  type AssistantPromptProps,
  type AssistantResult,
} from './assistant-prompt';
export type { AssistantPromptValues } from './assistant-schema';
export { Catalogue, type CatalogueGuide, type CatalogueProps } from './catalogue';
export { ExtensionPanel, type ExtensionPanelProps } from './extension-panel';
export {
  GuideRunner,
  type GuideRunnerProps,
  type RunnerClickState,
  type RunnerStep,
  type RunnerTarget,
} from './guide-runner';
export { createStepSchema, type MessageFormatter, type StepSchema, type StepValues } from './schemas';
export { ShadowRootEnvironment, type ShadowRootEnvironmentProps } from './shadow-root';
export {
  type CapturedTarget,
  type CaptureState,
  type MissingTargetValues,
  StepEditor,
  type StepEditorProps,
  type StepEditorValues,
} from './step-editor';
