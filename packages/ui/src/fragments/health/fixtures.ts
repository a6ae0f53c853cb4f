// Story fixtures only (never imported by the app).
import type { GuideToRepair } from './guides-to-repair';

export const NOW = new Date('2026-11-20T15:00:00');

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240"><rect width="320" height="240" fill="#f4f4f5"/><rect width="320" height="32" fill="#27272a"/>${body}</svg>`,
  )}`;

/** What the author captured: the "Nouveau projet" button, outlined. */
export const capturedShot = svg(
  '<rect x="24" y="56" width="120" height="32" rx="6" fill="#2563eb"/><rect x="20" y="52" width="128" height="40" rx="8" fill="none" stroke="#f59e0b" stroke-width="3"/><rect x="24" y="112" width="272" height="12" fill="#d4d4d8"/><rect x="24" y="136" width="220" height="12" fill="#d4d4d8"/>',
);
/** What the end user saw: the button is gone, a floating action replaced it. */
export const failureShot = svg(
  '<rect x="24" y="112" width="272" height="12" fill="#d4d4d8"/><rect x="24" y="136" width="220" height="12" fill="#d4d4d8"/><circle cx="280" cy="200" r="22" fill="#16a34a"/>',
);

export const guides: GuideToRepair[] = [
  {
    scenarioId: '0b6a1a8e-0000-4000-8000-000000000001',
    projectId: '7d1c1f6e-0000-4000-8000-000000000001',
    title: 'Créer un projet',
    projectName: 'Portail client',
    categoryName: 'Premiers pas',
    steps: [
      {
        stepId: 'a1',
        position: 2,
        name: 'Nouveau projet',
        url: 'https://demo.example.com/app/projets',
        health: 'failing',
        runs: 12,
        failures: 9,
        failureRate: 0.75,
        lastSeenAt: '2026-11-20T13:10:00',
        lastUrl: 'https://demo.example.com/app/projets',
        lastConfidence: null,
        repairPending: false,
        stepScreenshot: capturedShot,
        failureScreenshot: failureShot,
      },
    ],
  },
  {
    scenarioId: '0b6a1a8e-0000-4000-8000-000000000002',
    projectId: '7d1c1f6e-0000-4000-8000-000000000002',
    title: 'Choisir une offre',
    projectName: 'Site vitrine',
    categoryName: 'Abonnement',
    steps: [
      {
        stepId: 'b3',
        position: 3,
        name: 'Comparer les offres',
        url: 'https://demo.example.com/tarifs.html',
        health: 'degraded',
        runs: 40,
        failures: 3,
        failureRate: 0.075,
        lastSeenAt: '2026-11-18T09:00:00',
        lastUrl: 'https://demo.example.com/tarifs.html?promo=1',
        lastConfidence: 0.62,
        repairPending: true,
        stepScreenshot: null,
        failureScreenshot: null,
      },
    ],
  },
];
