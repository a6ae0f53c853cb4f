// Story fixtures only (never imported by the app): 30 fixed days so pictures and assertions are stable.
import type { ActivityDay } from './activity-chart';
import type { DashboardCounts } from './dashboard-stats';
import type { RecentProject } from './recent-projects';
import type { UnansweredQuestion } from './unanswered-questions';

export const NOW = new Date('2026-11-20T15:00:00');

const projects = [0, 1, 0, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 1, 0, 1];
const guides = [
  2, 4, 3, 5, 8, 6, 4, 7, 9, 12, 10, 8, 11, 14, 13, 9, 12, 15, 18, 16, 14, 17, 20, 19, 16, 21, 24, 22, 25, 27,
];

export const activity: ActivityDay[] = projects.map((created, i) => ({
  date: new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10),
  projectsCreated: created,
  guidesLaunched: guides[i] ?? 0,
}));

export const quietMonth: ActivityDay[] = activity.map((day) => ({
  ...day,
  projectsCreated: 0,
  guidesLaunched: 0,
}));

/** A month whose busiest day counts 2: a few projects created, no guide launched. */
export const fewProjects: ActivityDay[] = activity.map((day) => ({
  ...day,
  projectsCreated: Math.min(2, day.projectsCreated),
  guidesLaunched: 0,
}));

export const recentProjects: RecentProject[] = [
  {
    id: '7d1c1f6e-0000-4000-8000-000000000001',
    name: 'Portail client',
    description: 'Guides du portail',
    scenarioCount: 4,
    updatedAt: '2026-11-20T11:00:00',
  },
  {
    id: '7d1c1f6e-0000-4000-8000-000000000002',
    name: 'Boutique en ligne',
    description: '',
    scenarioCount: 1,
    updatedAt: '2026-11-18T09:00:00',
  },
  {
    id: '7d1c1f6e-0000-4000-8000-000000000003',
    name: 'Intranet RH',
    description: '',
    scenarioCount: 0,
    updatedAt: '2026-10-02T09:00:00',
  },
];

export const counts: DashboardCounts = {
  projects: 3,
  categories: 1,
  scenarios: 5,
  publishedScenarios: 2,
  steps: 17,
  members: 4,
  guidesLaunched30d: 391,
};

/** "Questions sans guide" as the API orders them: the most asked first, then the most recent. */
export const unansweredQuestions: UnansweredQuestion[] = [
  {
    text: 'Comment exporter mes factures en PDF ?',
    count: 12,
    lastAskedAt: '2026-11-20T10:12:00',
    projectId: '7d1c1f6e-0000-4000-8000-000000000001',
  },
  { text: 'changer mon mot de passe', count: 7, lastAskedAt: '2026-11-19T17:40:00', projectId: null },
  {
    text: 'Où voir le suivi de ma livraison ?',
    count: 3,
    lastAskedAt: '2026-11-17T08:05:00',
    projectId: '7d1c1f6e-0000-4000-8000-000000000002',
  },
  {
    text: 'ajouter un collègue à mon compte entreprise pour qu’il puisse valider les commandes de son service',
    count: 2,
    lastAskedAt: '2026-11-12T14:30:00',
    projectId: null,
  },
  {
    text: 'Résilier mon abonnement',
    count: 1,
    lastAskedAt: '2026-11-20T09:00:00',
    projectId: '7d1c1f6e-0000-4000-8000-000000000002',
  },
  { text: 'imprimer un bon de retour', count: 1, lastAskedAt: '2026-11-02T16:20:00', projectId: null },
  { text: 'fusionner deux comptes', count: 1, lastAskedAt: '2026-10-25T11:00:00', projectId: null },
];
