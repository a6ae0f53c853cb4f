// Story fixtures only (never imported by the app): a fixed clock so relative dates and screenshots are stable.
import type { TeamMember } from './member';

export const NOW = new Date('2026-11-20T15:00:00');

export const members: TeamMember[] = [
  {
    id: '0b6f3f1e-5f4c-4a55-9b53-1c1f0c6c0001',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@mulot.fr',
    role: 'Admin',
    lastActiveAt: '2026-11-20T09:30:00',
    joinedAt: '2026-09-14T10:00:00',
  },
  {
    id: '0b6f3f1e-5f4c-4a55-9b53-1c1f0c6c0002',
    firstname: 'Grace',
    lastname: 'Hopper',
    email: 'grace@mulot.fr',
    role: 'Contributor',
    lastActiveAt: '2026-11-17T18:00:00',
    joinedAt: '2026-10-30T10:00:00',
  },
  {
    id: '0b6f3f1e-5f4c-4a55-9b53-1c1f0c6c0003',
    firstname: 'Émile',
    lastname: 'Zola',
    email: 'emile@mulot.fr',
    role: 'Contributor',
  },
  {
    id: '0b6f3f1e-5f4c-4a55-9b53-1c1f0c6c0004',
    firstname: '',
    lastname: '',
    email: 'invite@mulot.fr',
    role: 'Contributor',
    pending: true,
  },
];

export const [admin, contributor] = members as [TeamMember, TeamMember, ...TeamMember[]];
