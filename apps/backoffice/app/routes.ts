import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

// Spec §2's route table, plus the two guide screens it leaves unrouted. /auth/* and the not-found page have no
// layout (the auth "layout" only guards); /app/* share the main shell.
export default [
  index('routes/home.tsx'),
  layout('routes/auth/guard.tsx', [
    ...prefix('auth', [
      route('login', 'routes/auth/login.tsx'),
      route('register', 'routes/auth/register.tsx'),
      route('register-success', 'routes/auth/register-success.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('forgot-password-success', 'routes/auth/forgot-password-success.tsx'),
      route('reset-password', 'routes/auth/reset-password.tsx'),
      route('reset-password-success', 'routes/auth/reset-password-success.tsx'),
      route('confirm-account', 'routes/auth/confirm-account.tsx'),
    ]),
  ]),
  // The invitation link: outside the guard, since whoever is signed in on this browser may not be the invitee.
  route('auth/accept-invitation', 'routes/auth/accept-invitation.tsx'),
  layout('routes/app/layout.tsx', [
    ...prefix('app', [
      route('dashboard', 'routes/app/dashboard.tsx'),
      route('projects', 'routes/app/projects.tsx'),
      route('projects/:id', 'routes/app/project.tsx'),
      route('projects/:id/categories/:categoryId', 'routes/app/category.tsx'),
      route('projects/:id/categories/:categoryId/scenarios/new', 'routes/app/scenario-new.tsx'),
      route('projects/:id/scenarios/:scenarioId', 'routes/app/scenario.tsx'),
      route('projects/:id/scenarios/:scenarioId/edit', 'routes/app/scenario-edit.tsx'),
      // Not in the spec's route table: the assistant (issue 6), for authors to try it and launch its guides.
      route('assistant', 'routes/app/assistant.tsx'),
      route('profile', 'routes/app/profile.tsx'),
      route('team', 'routes/app/team.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
