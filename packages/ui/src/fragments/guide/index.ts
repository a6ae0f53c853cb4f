export { ChoiceSelect, type ChoiceSelectProps } from './choice-select';
export { ExtensionAbsentNotice, type ExtensionInstall } from './extension-install';
export {
  ExtensionLaunch,
  type ExtensionLaunchProps,
  type LaunchMode,
} from './extension-launch';
export {
  createGuideSchema,
  GuideForm,
  type GuideFormInput,
  type GuideFormProject,
  type GuideFormProps,
  type GuideFormValues,
} from './guide-form';
export {
  PrerequisitePrompt,
  type PrerequisitePromptProps,
  PrerequisitesEditor,
  type PrerequisitesEditorProps,
  type PrerequisiteValue,
} from './prerequisites';
export { type PublishBlocker, PublishPanel, type PublishPanelProps } from './publish-panel';
export {
  type AudienceOperator,
  createStartRuleSchema,
  type PagePatternCheck,
  type StartFrequency,
  type StartMode,
  StartRuleCard,
  type StartRuleCardProps,
  type StartRuleValue,
  type StepPage,
} from './start-rule';
export { StepList, type StepListItem, type StepListProps } from './step-list';
