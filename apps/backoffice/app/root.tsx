import '@mulot/ui/styles.css';
import { LinkProvider } from '@mulot/ui/fragments/link';
import { css } from '@mulot/ui/styled-system/css';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { apiRoot } from './lib/api';
import { earlyCatalogueScript, startI18n } from './lib/i18n';
import { DEFAULT_LOCALE, getIntl, logIntlError } from './lib/intl';
import { routerLink } from './lib/link';
import { appMessages } from './lib/messages';
import { loadToaster, useToasterRequested } from './lib/toast';
import { useI18n } from './lib/use-i18n';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={DEFAULT_LOCALE}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (its hash is in the CSP) */}
        <script dangerouslySetInnerHTML={{ __html: earlyCatalogueScript(apiRoot) }} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Mulot' }];

/** Spec §2 "Start-up": the current locale's catalogue is loaded before the first screen shows. */
export async function clientLoader() {
  await startI18n();
  return null;
}

// Prerendered into index.html at build time (no window there), and shown until the catalogue is in.
export function HydrateFallback() {
  return (
    <p role="status" className={css({ p: '8', color: 'fg.muted', textStyle: 'sm' })}>
      Chargement...
    </p>
  );
}

const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/** The toaster is loaded, and mounted, when a page first shows a toast (lib/toast.ts). */
function Toasts() {
  if (!useToasterRequested()) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

export default function App() {
  const { locale, messages } = useI18n();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages} onError={logIntlError}>
      {/* The query cache is provided by the signed-in pages' layout (routes/app/layout.tsx): the sign-in pages
          load without TanStack Query. */}
      <LinkProvider link={routerLink}>
        <Outlet />
        <Toasts />
      </LinkProvider>
    </IntlProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const intl = getIntl();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : intl.formatMessage(appMessages.unexpectedText);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main
      className={css({ p: '8', display: 'flex', flexDirection: 'column', gap: '4', maxW: 'xl', mx: 'auto' })}
    >
      <h1 className={css({ textStyle: '2xl', fontWeight: 'bold' })}>
        {intl.formatMessage(appMessages.unexpected)}
      </h1>
      <p className={css({ color: 'fg.muted' })}>{detail}</p>
      <a href="/" className={css({ color: 'primary.plain.fg', textDecoration: 'underline' })}>
        {intl.formatMessage(appMessages.backHome)}
      </a>
    </main>
  );
}
