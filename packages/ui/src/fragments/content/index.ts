export {
  CategoryCard,
  type CategoryCardProps,
  ProjectCard,
  type ProjectCardProps,
  ScenarioCard,
  type ScenarioCardProps,
} from './cards';
export {
  CategoryDialog,
  type CategoryDialogProps,
  CategoryForm,
  type CategoryFormProps,
  type CategoryFormValues,
  createCategorySchema,
} from './category-form';
export {
  CollectionState,
  type CollectionStateProps,
  type MissingRecord,
  matchesSearch,
  RecordNotFound,
  type RecordNotFoundProps,
} from './collection-state';
export {
  DeleteConfirmDialog,
  type DeleteConfirmDialogProps,
  type DeletedKind,
} from './delete-confirm-dialog';
export {
  DiffusionCard,
  type DiffusionCardProps,
  managedPolicyOf,
  type SiteInstallation,
  snippetOf,
} from './diffusion-card';
export {
  ContentBreadcrumb,
  ContentHeader,
  type ContentHeaderProps,
  type Crumb,
  pageStack,
  toolbar,
} from './page';
export {
  createProjectSchema,
  ProjectDialog,
  type ProjectDialogProps,
  ProjectForm,
  type ProjectFormProps,
  type ProjectFormValues,
  type SiteNormalizer,
  type SiteRefusal,
} from './project-form';
export { Duration, StepCount, useShortDate } from './shared';
export {
  CategoryStats,
  modifiedWithinWeek,
  type ProjectCounts,
  ProjectDetailStats,
  ProjectStats,
} from './stats';
export {
  CategoryStatusBadge,
  categoryStatus,
  ProjectStatusBadge,
  projectStatus,
  type ScenarioStatus,
  ScenarioStatusBadge,
} from './status-badges';
