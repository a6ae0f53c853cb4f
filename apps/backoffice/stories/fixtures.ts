// Story data only (never imported by the app), typed by the contract's schemas: realistic content (long names,
// many items) at fixed dates around stories/route-story.tsx's clock (2026-11-20 15:00 UTC).
import type { Schemas } from '@mulot/api-client';
import en from '@mulot/i18n/lang/en.json';
import fr from '@mulot/i18n/lang/fr.json';

export const TOKEN = 'story.jwt.token';

const id = (n: number, kind = 0) =>
  `0b6f3f1e-5f4c-4a55-9b53-${kind.toString(16).padStart(4, '0')}${n.toString(16).padStart(8, '0')}`;

export const me: Schemas['User'] = {
  id: id(1, 1),
  email: 'ada.lovelace@mulot.fr',
  firstname: 'Ada',
  lastname: 'Lovelace',
  isAdmin: false,
  role: 'Admin',
};

export const organizations: Schemas['Organization'][] = [
  { id: id(1, 2), name: 'Mulot Démo', role: 'Admin' },
  { id: id(2, 2), name: 'Coopérative des Ateliers Réunis de Bourgogne-Franche-Comté', role: 'Contributor' },
];

export const locales: Schemas['LocaleList'] = {
  data: [
    { key: 'fr', value: 'Français' },
    { key: 'en', value: 'English' },
  ],
};

export function catalogue(locale: string): Record<string, string> {
  return locale === 'en' ? en : fr;
}

const day = (n: number, hour = 10) => new Date(Date.UTC(2026, 10, 20 - n, hour)).toISOString();

const projectNames = [
  'Boutique en ligne',
  'Portail RH — intégration des nouveaux collaborateurs, formations obligatoires et demandes de congés',
  'Espace client',
  'Intranet',
  'Application mobile de réservation',
  'Extranet fournisseurs et partenaires logistiques',
  'Back-office comptable',
  'Site vitrine',
  'Support',
];

export const projects: Schemas['Project'][] = projectNames.map((name, n) => ({
  id: id(n + 1, 3),
  name,
  description:
    n === 1
      ? 'Tout ce dont un nouvel arrivant a besoin pendant ses trois premiers mois : comptes, badges, mutuelle, formations réglementaires et premiers entretiens.'
      : n % 3 === 2
        ? ''
        : `Guides de ${name.toLowerCase()} pour les utilisateurs finaux.`,
  sites: n === 1 ? ['https://rh.example.com', 'https://conges.example.com'] : [`https://app${n}.example.com`],
  siteKey: `mlt_pk_${String(n + 1).padStart(2, '0')}${'7f3a9c1e5b2d4f60'.repeat(2)}`,
  categories: [],
  categoryCount: (n * 3) % 7,
  scenarioCount: (n * 5) % 17,
  createdAt: day(60 + n),
  updatedAt: day(n * 2, 9 + n),
}));

export const project = projects[1] as Schemas['Project'];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * GET /projects as the API answers it over `list`: by name ignoring case and accents, searched by `q` in the name
 * or description, `limit` at a time (24 by default) from `cursor`, with the counts of the whole list.
 */
export function projectPage(list: Schemas['Project'][], request: Request): Schemas['ProjectPage'] {
  const query = new URL(request.url).searchParams;
  const q = fold(query.get('q')?.trim() ?? '');
  const limit = Number(query.get('limit') ?? 24);
  const start = Number(query.get('cursor') ?? 0);
  const found = list
    .filter((p) => !q || fold(p.name).includes(q) || fold(p.description).includes(q))
    .toSorted((a, b) => (fold(a.name) < fold(b.name) ? -1 : fold(a.name) > fold(b.name) ? 1 : 0));
  const week = 7 * 24 * 60 * 60 * 1000;
  return {
    items: found.slice(start, start + limit),
    nextCursor: start + limit < found.length ? String(start + limit) : null,
    stats: {
      total: list.length,
      withScenarios: list.filter((p) => p.scenarioCount > 0).length,
      modifiedLast7Days: list.filter((p) => Date.now() - Date.parse(p.updatedAt) <= week).length,
    },
  };
}

/**
 * A page of a list the API answers in its own order (a project's categories, a category's guides): searched by `q`
 * in the texts `searched` gives, `limit` at a time (24 by default) from `cursor`.
 */
export function listPage<T>(
  list: T[],
  request: Request,
  searched: (item: T) => string[],
): { items: T[]; nextCursor: string | null } {
  const query = new URL(request.url).searchParams;
  const q = fold(query.get('q')?.trim() ?? '');
  const limit = Number(query.get('limit') ?? 24);
  const start = Number(query.get('cursor') ?? 0);
  const found = list.filter((item) => !q || searched(item).some((text) => fold(text).includes(q)));
  return {
    items: found.slice(start, start + limit),
    nextCursor: start + limit < found.length ? String(start + limit) : null,
  };
}

/** GET /projects/{id}/categories over `list`. */
export const categoryPage = (list: Schemas['Category'][], request: Request) =>
  listPage(list, request, (c) => [c.name, c.description]);

/** GET /projects/{id}/categories/{categoryId}/scenarios over `list`. */
export const scenarioPage = (list: Schemas['ScenarioSummary'][], request: Request) =>
  listPage(list, request, (s) => [s.title, s.description]);

/** `count` projects named "Projet 001"…, for the screens that page them. */
export function manyProjects(count: number): Schemas['Project'][] {
  return Array.from({ length: count }, (_, n) => ({
    ...(projects[n % projects.length] as Schemas['Project']),
    id: id(n + 1, 0x30),
    name: `Projet ${String(n + 1).padStart(3, '0')}`,
  }));
}

const projectRef: Schemas['ProjectRef'] = { id: project.id, name: project.name, sites: project.sites };

const scenarioTitles = [
  'Poser une demande de congés',
  'Déclarer un arrêt maladie et transmettre le justificatif à son gestionnaire de paie',
  'Réserver une formation',
  'Mettre à jour son RIB',
  'Consulter son bulletin de paie',
];

export const scenarioSummaries: Schemas['ScenarioSummary'][] = scenarioTitles.map((title, n) => ({
  id: id(n + 1, 5),
  title,
  description: `Pas à pas : ${title.toLowerCase()}.`,
  summary: `L'utilisateur veut ${title.charAt(0).toLowerCase()}${title.slice(1)}.`,
  status: n % 2 === 0 ? 'published' : 'draft',
  stepCount: n === 3 ? 0 : 3 + n,
  minDuration: 2,
  maxDuration: 5 + n,
  createdAt: day(40 + n),
  updatedAt: day(n),
  version: 3 + n,
}));

const categoryNames = [
  'Congés et absences',
  'Paie, notes de frais et avantages sociaux des salariés en contrat à durée indéterminée',
  'Formation',
  'Arrivée',
  'Départ',
  'Outils',
];

/** Each category's guides, by category id (the API lists them a page at a time: `listPage`). */
export const scenariosOf = new Map<string, Schemas['ScenarioSummary'][]>();

export const categories: Schemas['Category'][] = categoryNames.map((name, n) => {
  const scenarios = n === 0 ? scenarioSummaries : scenarioSummaries.slice(0, n % 3);
  scenariosOf.set(id(n + 1, 4), scenarios);
  return {
    id: id(n + 1, 4),
    name,
    description: n === 2 ? '' : `Les démarches « ${name.toLowerCase()} ».`,
    project: projectRef,
    scenarioCount: scenarios.length,
    publishedCount: scenarios.filter((s) => s.status === 'published').length,
    createdAt: day(50 + n),
    updatedAt: day(n + 1),
  };
});

export const category = categories[0] as Schemas['Category'];

export const projectWithCategories: Schemas['Project'] = {
  ...project,
  categories: categories.map((c) => ({ id: c.id, name: c.name, scenarioCount: c.scenarioCount })),
  categoryCount: categories.length,
  scenarioCount: categories.reduce((sum, c) => sum + c.scenarioCount, 0),
};
/** Where the project's guides are installed: its first site seen 3 minutes before the stories' clock, not the other. */
export const projectDiffusion: Schemas['ProjectDiffusion'] = {
  publicUrl: 'https://mulot.example.com',
  sites: [
    {
      site: 'https://rh.example.com',
      seenOrigin: 'https://rh.example.com',
      lastSeenAt: '2026-11-20T14:57:00.000Z',
    },
    { site: 'https://conges.example.com', seenOrigin: null, lastSeenAt: null },
  ],
};
// The list carries the same project with its categories (the guide form picks its category from there).
projects[1] = projectWithCategories;

const stepNames = [
  'Ouvrir le menu « Mes demandes »',
  'Choisir « Nouvelle demande de congés »',
  'Indiquer les dates de début et de fin, en précisant si la demi-journée est travaillée',
  'Joindre un justificatif',
  'Envoyer la demande',
];

export const scenario: Schemas['Scenario'] = {
  ...(scenarioSummaries[0] as Schemas['ScenarioSummary']),
  category: { id: category.id, name: category.name, project: projectRef },
  stepCount: stepNames.length,
  prerequisites: [
    {
      id: id(1, 7),
      scenarioId: scenarioSummaries[3]?.id ?? null,
      scenario: { id: scenarioSummaries[3]?.id ?? '', title: scenarioTitles[3] ?? '', status: 'draft' },
      text: 'Avoir renseigné son RIB',
    },
  ],
  steps: stepNames.map((name, n) => ({
    id: id(n + 1, 6),
    scenarioId: scenarioSummaries[0]?.id ?? '',
    position: n + 1,
    name,
    text: `Étape ${n + 1} : ${name.toLowerCase()}.`,
    extra: n === 2 ? 'Les jours fériés sont décomptés automatiquement.' : null,
    url: 'https://rh.example.com/conges',
    autoClick: n < 2,
    hasScreenshot: false,
    screenshotType: null,
    target: { selector: `#step-${n + 1}` },
    onMissingTarget: { fallback: 'unanchored', waitSeconds: 5 },
    createdAt: day(40),
    updatedAt: day(n),
    version: 1,
  })),
  startRule: { mode: 'manual', pages: [], frequency: 'once', delaySeconds: 0, audience: [] },
};

/** The guide's "Démarrage" card: manual, on a project whose pages identified a user two days ago. */
export const startRuleState: Schemas['StartRuleState'] = {
  startRule: scenario.startRule,
  identifySeenAt: day(2),
};

export const scenarioHealth: Schemas['ScenarioHealth'] = {
  scenarioId: scenario.id,
  steps: scenario.steps.map((step) => ({
    stepId: step.id,
    name: step.name,
    position: step.position,
    url: step.url,
    hasScreenshot: false,
    health: step.position === 3 ? 'failing' : 'ok',
    failureRate: step.position === 3 ? 0.4 : 0,
    failures: step.position === 3 ? 4 : 0,
    runs: 10,
    lastConfidence: null,
    lastOutcome: step.position === 3 ? 'not-found' : null,
    lastSeenAt: step.position === 3 ? day(1) : null,
    lastUrl: step.position === 3 ? step.url : null,
    latestFailure: null,
    repairPending: false,
    targetCapturedAt: day(30),
  })),
};

/**
 * GET /scenarios/{id}/statistics for the guide above, per period, as the API computes them: each step reached by
 * those who reached the one before less those who left there, the last step's reached less its left the completed
 * runs, the origins adding up to the totals. Step 3 (failing in `scenarioHealth`) loses the most.
 */
const periods: Record<
  number,
  { left: number[]; inProgress: number; sources: [number, number][]; median: number }
> = {
  7: {
    left: [2, 3, 11, 1, 1],
    inProgress: 2,
    sources: [
      [5, 4],
      [39, 25],
      [8, 5],
    ],
    median: 238,
  },
  30: {
    left: [9, 14, 41, 6, 3],
    inProgress: 4,
    sources: [
      [23, 19],
      [156, 101],
      [35, 21],
    ],
    median: 261,
  },
  90: {
    left: [31, 40, 122, 17, 11],
    inProgress: 9,
    sources: [
      [71, 58],
      [478, 312],
      [106, 64],
    ],
    median: 270,
  },
};

export function scenarioStatistics(days: number): Schemas['ScenarioStatistics'] {
  const period = periods[days] ?? periods[30];
  if (!period) throw new Error('no period');
  const started = period.sources.reduce((sum, [s]) => sum + s, 0);
  let reached = started;
  const funnel = scenario.steps.map((step, i) => {
    const left = period.left[i] ?? 0;
    const row = { stepId: step.id, position: step.position, name: step.name, reached, left };
    reached -= left;
    return row;
  });
  const completed = reached;
  const sources = ['members', 'embed', 'extension'] as const;
  return {
    scenarioId: scenario.id,
    days,
    from: day(days - 1).slice(0, 10),
    to: day(0).slice(0, 10),
    started,
    completed,
    abandoned: started - completed - period.inProgress,
    completionRate: completed / started,
    medianDuration: period.median,
    expectedDuration: { min: scenario.minDuration, max: scenario.maxDuration },
    bySource: sources.map((source, i) => ({
      source,
      started: period.sources[i]?.[0] ?? 0,
      completed: period.sources[i]?.[1] ?? 0,
    })),
    funnel,
  };
}

const activity: Schemas['ActivityDay'][] = Array.from({ length: 30 }, (_, n) => ({
  date: day(29 - n).slice(0, 10),
  guidesLaunched: 20 + ((n * 37) % 45) + (n > 20 ? 25 : 0),
  projectsCreated: n % 9 === 0 ? 1 : 0,
}));

export const dashboard: Schemas['Dashboard'] = {
  counts: {
    projects: projects.length,
    categories: 23,
    scenarios: 87,
    publishedScenarios: 61,
    steps: 642,
    members: 12,
    guidesLaunched30d: activity.reduce((sum, d) => sum + d.guidesLaunched, 0),
  },
  activity,
  recentProjects: projects.slice(0, 5),
};

const guideToRepair: Schemas['GuideToRepair'] = {
  scenarioId: scenario.id,
  title: scenario.title,
  status: 'published',
  category: scenario.category,
  lastSeenAt: day(1),
  steps: scenarioHealth.steps.filter((step) => step.health !== 'ok'),
};

/** GET /dashboard/guides-to-repair: one guide, one page. */
export const guidesToRepair: Schemas['GuidesToRepairPage'] = { guides: [guideToRepair], next: null };

export const noGuideToRepair: Schemas['GuidesToRepairPage'] = { guides: [], next: null };

/** 23 guides to repair, the worst first (failing ones, then the more recent failures): 20, then 3. */
export const manyGuidesToRepair: Schemas['GuideToRepair'][] = Array.from({ length: 23 }, (_, n) => ({
  ...guideToRepair,
  scenarioId: `0b6a1a8e-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
  title: `Guide à réparer ${n + 1}`,
  lastSeenAt: day(n + 1),
}));

/** GET /dashboard/unanswered-questions: the most asked first; one asked on the HR portal's sites only. */
export const unansweredQuestions: Schemas['UnansweredQuestions'] = {
  days: 30,
  items: [
    {
      text: 'Comment poser un jour de télétravail ?',
      count: 9,
      lastAskedAt: day(0, 9),
      projectId: project.id,
    },
    { text: 'changer mon RIB', count: 4, lastAskedAt: day(1), projectId: null },
    { text: 'Où trouver ma fiche de paie de décembre ?', count: 1, lastAskedAt: day(6), projectId: null },
  ],
};

export const noUnansweredQuestion: Schemas['UnansweredQuestions'] = { days: 30, items: [] };

export const emptyDashboard: Schemas['Dashboard'] = {
  counts: {
    projects: 0,
    categories: 0,
    scenarios: 0,
    publishedScenarios: 0,
    steps: 0,
    members: 1,
    guidesLaunched30d: 0,
  },
  activity: dashboard.activity.map((d) => ({ ...d, guidesLaunched: 0, projectsCreated: 0 })),
  recentProjects: [],
};

const people: [string, string, Schemas['Role']][] = [
  ['Ada', 'Lovelace', 'Admin'],
  ['Grace', 'Hopper', 'Admin'],
  ['Marie-Charlotte', 'de La Fontaine-Beauregard', 'Contributor'],
  ['Alan', 'Turing', 'Contributor'],
  ['Katherine', 'Johnson', 'Contributor'],
  ['Edsger', 'Dijkstra', 'Contributor'],
  ['Barbara', 'Liskov', 'Contributor'],
  ['', '', 'Contributor'],
];

export const members: Schemas['Member'][] = people.map(([firstname, lastname, role], n) => ({
  id: n === 0 ? me.id : id(n + 1, 8),
  firstname,
  lastname,
  email:
    n === 0
      ? me.email
      : `${(firstname || 'nouveau.membre').toLowerCase()}.${(lastname || 'sans-nom').toLowerCase().replace(/\s+/g, '-')}@example.com`,
  role,
  pending: false,
  joinedAt: day(90 - n * 7),
  lastActiveAt: n === 7 ? null : day(n, 8 + n),
}));

export const invitations: Schemas['Invitation'][] = [
  {
    id: id(1, 9),
    email: 'louise.michel@example.com',
    role: 'Contributor',
    invitedAt: day(3),
    expiresAt: day(-4),
    expired: false,
    invitedBy: { firstname: 'Ada', lastname: 'Lovelace', email: me.email },
  },
  {
    id: id(2, 9),
    email: 'olympe.de-gouges@example.com',
    role: 'Admin',
    invitedAt: day(20),
    expiresAt: day(13),
    expired: true,
    invitedBy: null,
  },
];

export const invitationDetails: Schemas['InvitationDetails'] = {
  email: 'louise.michel@example.com',
  role: 'Contributor',
  hasAccount: false,
  expiresAt: day(-4),
  invitedBy: { firstname: 'Ada', lastname: 'Lovelace', email: me.email },
  organization: { id: organizations[0]?.id ?? '', name: organizations[0]?.name ?? '' },
};

export const assistantAnswer: Schemas['AssistantAnswer'] = {
  source: 'fulltext',
  guides: [
    {
      scenarioId: scenario.id,
      title: scenario.title,
      score: 0.92,
      reason: '« congés » dans le titre et la description',
    },
    {
      scenarioId: scenarioSummaries[1]?.id ?? '',
      title: scenarioTitles[1] ?? '',
      score: 0.61,
      reason: '« absence » dans la description',
    },
  ],
};
