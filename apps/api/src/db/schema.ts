import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  email: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  password_hash: string | null;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_admin: Generated<boolean>;
  token_version: Generated<number>;
  /** refreshed at most every 5 minutes by authenticated calls (team page "last active") */
  last_active_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: Timestamp;
  /** Moves with every change in the organization (conditional reads). */
  content_version: Generated<string>;
}

export type RoleName = 'Admin' | 'Contributor';

export interface MembershipsTable {
  organization_id: string;
  user_id: string;
  role: RoleName;
  created_at: Timestamp;
  /** An invitation to an existing account, not accepted yet: grants nothing (migration 0013). */
  pending: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface AuthCodesTable {
  id: string;
  user_id: string;
  purpose: 'confirm' | 'reset' | 'invite';
  /** invitations: the organization invited to, and who sent it */
  organization_id: ColumnType<string | null, string | null | undefined, string | null>;
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
  code_hash: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  sites: Json<string[]>;
  /** Public (`mlt_pk_…`): names the project whose published guides a site plays. Made by the database. */
  site_key: ColumnType<string, undefined, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: string;
  organization_id: string;
  project_id: string;
  name: string;
  description: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScenariosTable {
  id: string;
  organization_id: string;
  category_id: string;
  title: string;
  description: string;
  summary: string;
  status: Generated<'draft' | 'published'>;
  min_duration: number;
  max_duration: number;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The guide's StartRule (openapi.yaml), whole; manual by default (migration 0020). */
  start_rule: ColumnType<unknown, string | undefined, string>;
}

export interface StepsTable {
  id: string;
  organization_id: string;
  scenario_id: string;
  position: number;
  name: string;
  text: string;
  extra: string | null;
  url: string;
  target: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  auto_click: boolean;
  missing_wait_seconds: number;
  missing_then: 'unanchored' | 'skip';
  /** set by a trigger (migration 0003) whenever the target changes */
  target_captured_at: Generated<Date | null>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ScreenshotsTable {
  step_id: string;
  organization_id: string;
  content_type: ImageType;
  size: number;
  data: Uint8Array;
  created_at: Timestamp;
}

export interface RunStepIssueScreenshotsTable {
  issue_id: string;
  organization_id: string;
  content_type: ImageType;
  size: number;
  data: Uint8Array;
  created_at: Timestamp;
}

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface PrerequisitesTable {
  id: string;
  organization_id: string;
  scenario_id: string;
  position: number;
  text: string;
  required_scenario_id: string | null;
}

export interface RunsTable {
  id: string;
  organization_id: string;
  scenario_id: string;
  user_id: string | null;
  /** An end user's run (no account): the visitor id their browser made; null for a member's run. */
  visitor_id: ColumnType<string | null, string | null | undefined, never>;
  status: 'started' | 'completed' | 'abandoned';
  url: string | null;
  steps_completed: number;
  /** Who played it (migration 0018): the API says it on every insert (the default serves seeding scripts). */
  source: ColumnType<RunSource, RunSource | undefined, never>;
  /** When it became completed (null while it is not): its duration ends there. */
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type RunSource = 'members' | 'embed' | 'extension';

export interface RunStepIssuesTable {
  id: string;
  organization_id: string;
  run_id: string;
  step_id: string;
  outcome: 'not-found' | 'low-confidence';
  confidence: number | null;
  url: string | null;
  reason: string | null;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  link: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_by: string | null;
  last_error: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  bucket: string;
  key: string;
  hits: Date[];
  expires_at: Timestamp;
  counted_by: string | null;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  auth_codes: AuthCodesTable;
  settings: SettingsTable;
  projects: ProjectsTable;
  categories: CategoriesTable;
  scenarios: ScenariosTable;
  steps: StepsTable;
  screenshots: ScreenshotsTable;
  prerequisites: PrerequisitesTable;
  runs: RunsTable;
  run_step_issues: RunStepIssuesTable;
  mail_outbox: MailOutboxTable;
  run_step_issue_screenshots: RunStepIssueScreenshotsTable;
  rate_limits: RateLimitsTable;
  site_repairs: SiteRepairsTable;
  step_url_reports: StepUrlReportsTable;
  run_days: RunDaysTable;
  organization_run_days: OrganizationRunDaysTable;
  unanswered_questions: UnansweredQuestionsTable;
  run_progress_days: RunProgressDaysTable;
  run_duration_days: RunDurationDaysTable;
}

/** Runs per guide, UTC day they started, source, status and steps completed (migration 0018): the funnel's sums. */
export interface RunProgressDaysTable {
  organization_id: string;
  scenario_id: string;
  day: string;
  source: RunSource;
  status: 'started' | 'completed' | 'abandoned';
  steps_completed: number;
  runs: number;
}

/** Completed runs per guide, UTC day they started and whole seconds they took (migration 0018): the median's. */
export interface RunDurationDaysTable {
  organization_id: string;
  scenario_id: string;
  day: string;
  seconds: number;
  runs: number;
}

/** Runs per guide and UTC day they started (migration 0014), kept as runs arrive. */
export interface RunDaysTable {
  organization_id: string;
  scenario_id: string;
  day: string;
  started: number;
  completed: number;
  abandoned: number;
}

/** The same per organization and day: what the dashboard reads. */
export interface OrganizationRunDaysTable {
  organization_id: string;
  day: string;
  started: number;
  completed: number;
  abandoned: number;
}

/**
 * A question the assistant answered with no confident guide (migration 0019): its text and grouping key only, never
 * who asked it.
 */
export interface UnansweredQuestionsTable {
  id: string;
  organization_id: string;
  project_id: string | null;
  text: string;
  folded: string;
  created_at: Timestamp;
}

/** Steps whose URL migration 0012 found outside http(s) or the project's sites; left as they were. */
export interface StepUrlReportsTable {
  step_id: string;
  scenario_id: string;
  organization_id: string;
  url: string;
  reason: 'scheme' | 'credentials' | 'site';
  reported_at: Timestamp;
}

/** What migration 0005 did to sites saved before they were checked. */
export interface SiteRepairsTable {
  project_id: string;
  organization_id: string;
  site: string;
  outcome: 'normalized' | 'removed';
  origin: string | null;
  repaired_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type ScenarioRow = Selectable<ScenariosTable>;
export type RunRow = Selectable<RunsTable>;
