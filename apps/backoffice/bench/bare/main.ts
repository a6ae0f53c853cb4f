// `pnpm bench:web`'s floor: React and React Router alone, the two routes the bench opens, nothing of Mulot.
// Built by Vite and precompressed like the back-office, served by apps/api like the back-office.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';

function page(title: string, to: string) {
  return () =>
    h('main', null, h('h1', null, title), h('p', null, 'Une page de React Router.'), h(Link, { to }, to));
}

const router = createBrowserRouter([
  {
    path: '/',
    element: h(Outlet),
    children: [
      { path: 'auth/login', Component: page('Connexion', '/app/dashboard') },
      { path: 'app/dashboard', Component: page('Tableau de bord', '/auth/login') },
    ],
  },
]);

createRoot(document.getElementById('root') as HTMLElement).render(h(RouterProvider, { router }));
