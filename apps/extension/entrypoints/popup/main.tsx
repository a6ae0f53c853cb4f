import '../../src/generated/panda.css';
import { errorText } from '@mulot/api-client';
import { useAssistant } from '@mulot/reader';
import { Button } from '@mulot/ui/components/button';
import { Field } from '@mulot/ui/components/field';
import { Input } from '@mulot/ui/components/input';
import { LoginForm, type LoginValues } from '@mulot/ui/fragments/auth';
import { LinkProvider } from '@mulot/ui/fragments/link';
import { AssistantPrompt, Catalogue, type CatalogueGuide } from '@mulot/ui/fragments/runner';
import { css } from '@mulot/ui/styled-system/css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { defineMessages, FormattedMessage, RawIntlProvider, useIntl } from 'react-intl';
import { browser } from 'wxt/browser';
import { directApi } from '../../src/client';
import { type Locale, toLocale } from '../../src/intl';
import { normalizeApiBase, type Session } from '../../src/launch';
import { panelIntl, renderPage } from '../../src/render';
import { send } from '../../src/runtime';
import {
  expireSession,
  getSession,
  managedAddress,
  mulotAddress,
  sessionExpired,
  setMulotAddress,
  setSession,
  trust,
} from '../../src/store';

const messages = defineMessages({
  apiBase: { id: 'extension.popup.apiBase', defaultMessage: "Adresse de l'API" },
  apiBaseInvalid: {
    id: 'extension.popup.apiBaseInvalid',
    defaultMessage: "L'adresse de l'API n'est pas valide.",
  },
  noOrganization: {
    id: 'extension.popup.noOrganization',
    defaultMessage: "Ce compte n'appartient à aucune organisation.",
  },
  signOut: { id: 'extension.popup.signOut', defaultMessage: 'Se déconnecter' },
  noPage: { id: 'extension.popup.noPage', defaultMessage: 'Ouvrez un site web pour voir ses guides.' },
  network: { id: 'app.error.retry', defaultMessage: 'Veuillez vérifier votre connexion et réessayer.' },
  notManaged: {
    id: 'extension.popup.notManaged',
    defaultMessage: "Votre organisation a fixé une autre adresse de Mulot pour l'extension.",
  },
  expired: { id: 'extension.session.expired', defaultMessage: 'Votre session a expiré. Reconnectez-vous.' },
});

const page = css({
  w: '96',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  fontFamily: 'body',
  fontSize: 'sm',
  bg: 'bg.default',
  color: 'fg.default',
});
const alertLine = css({ borderRadius: 'l2', px: '3', py: '2', bg: 'red.subtle.bg', color: 'red.subtle.fg' });
const between = css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between' });
const muted = css({ color: 'fg.muted' });

const currentSession = getSession;

/** Sign-in when the extension was not launched from the back-office: the same login call as the back-office. */
function SignIn({
  locale,
  expired,
  onSignedIn,
}: {
  locale: Locale;
  /** the API refused the previous session: the form says why it is back */
  expired: boolean;
  onSignedIn: (session: Session) => void;
}) {
  const intl = useIntl();
  const [apiBase, setApiBase] = useState('http://localhost:3000/api');
  // the Mulot address set in the options (or by policy) is where one signs in
  useEffect(() => {
    void mulotAddress().then((address) => address && setApiBase(`${address}/api`));
  }, []);
  const [apiError, setApiError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checkApi = () => {
    const problem = normalizeApiBase(apiBase) ? null : intl.formatMessage(messages.apiBaseInvalid);
    setApiError(problem);
    return !problem;
  };
  // the login form's links lead to the back-office, which shares the API's origin
  const backOffice = useMemo(() => {
    const base = normalizeApiBase(apiBase);
    return base ? new URL(base).origin : null;
  }, [apiBase]);

  const signIn = async ({ email, password }: LoginValues) => {
    if (!checkApi()) return;
    const base = normalizeApiBase(apiBase) as string;
    setPending(true);
    setFailure(null);
    try {
      const login = (
        await directApi({ apiBase: base, locale }).POST('/auth/login', { body: { email, password } })
      ).data;
      if (!login) throw new Error('empty answer');
      const organizations =
        (await directApi({ apiBase: base, token: login.jwt, locale }).GET('/organizations')).data ?? [];
      const organization = organizations[0];
      if (!organization) throw new Error(intl.formatMessage(messages.noOrganization));
      // the organization's policy fixes the address: signing in elsewhere is not the user's choice to make
      const managed = await managedAddress();
      if (managed && managed !== new URL(base).origin)
        throw new Error(intl.formatMessage(messages.notManaged));
      const session: Session = {
        apiBase: base,
        token: login.jwt,
        organizationId: organization.id,
        locale,
        email: login.user.email,
      };
      // the user named this API: it becomes the Mulot address, whose back-office may launch the extension without
      // asking again
      if (!managed) await setMulotAddress(base);
      await setSession(session);
      await trust(new URL(base).origin);
      onSignedIn(session);
    } catch (error) {
      setFailure(
        errorText(
          error,
          error instanceof Error && error.message ? error.message : intl.formatMessage(messages.network),
        ),
      );
      setPending(false);
    }
  };

  return (
    <LinkProvider
      link={({ href, ...props }) =>
        backOffice ? (
          <a {...props} href={new URL(href, backOffice).href} target="_blank" rel="noreferrer" />
        ) : (
          <span {...props} />
        )
      }
    >
      {(failure || expired) && (
        <p role="alert" className={alertLine}>
          {failure ?? intl.formatMessage(messages.expired)}
        </p>
      )}
      <LoginForm
        pending={pending}
        onSubmit={signIn}
        leadingFields={
          <Field.Root invalid={Boolean(apiError)} required>
            <Field.Label>{intl.formatMessage(messages.apiBase)}</Field.Label>
            <Input
              type="url"
              name="apiBase"
              autoComplete="url"
              value={apiBase}
              onChange={(event) => {
                setApiBase(event.target.value);
                if (apiError) setApiError(null);
              }}
              onBlur={checkApi}
            />
            <Field.ErrorText>{apiError}</Field.ErrorText>
          </Field.Root>
        }
      />
    </LinkProvider>
  );
}

/** The published guides of the current tab's site; launching one starts the reader on that tab. */
function SignedIn({
  session,
  onSignOut,
  onExpired,
}: {
  session: Session;
  onSignOut: () => void;
  /** the API refused the session (signed out elsewhere, password changed) */
  onExpired: () => void;
}) {
  const intl = useIntl();
  const [tab, setTab] = useState<{ id: number; url: URL } | null | undefined>();
  const [guides, setGuides] = useState<CatalogueGuide[] | undefined>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const api = useMemo(() => {
    const client = directApi(session);
    client.use({
      onResponse: ({ response }) => {
        if (response.status === 401) void expireSession().then(onExpired);
      },
    });
    return client;
  }, [session, onExpired]);
  const assistant = useAssistant(
    async (query) =>
      (await api.POST('/assistant', { body: { query, url: (tab?.url.href ?? '').slice(0, 2048) } })).data,
  );
  useEffect(() => {
    void browser.tabs.query({ active: true, currentWindow: true }).then(([active]) => {
      const url = active?.url ?? '';
      setTab(active?.id && /^https?:/.test(url) ? { id: active.id, url: new URL(url) } : null);
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger
  useEffect(() => {
    if (!tab) return;
    setFailed(false);
    setGuides(undefined);
    api
      .GET('/catalogue', { params: { query: { url: tab.url.href } } })
      .then((response) => setGuides(response.data ?? []))
      .catch(() => setFailed(true));
  }, [api, tab, attempt]);

  const launch = (scenarioId: string) => {
    if (!tab) return;
    void send({ kind: 'start', tabId: tab.id, state: { mode: 'reader', scenarioId } }).then(() =>
      window.close(),
    );
  };
  return (
    <>
      <div className={between}>
        <span className={muted}>
          {session.email && (
            <FormattedMessage
              id="extension.popup.signedInAs"
              defaultMessage="Connecté : {email}"
              values={{ email: session.email }}
            />
          )}
        </span>
        <Button size="xs" variant="plain" onClick={onSignOut}>
          {intl.formatMessage(messages.signOut)}
        </Button>
      </div>
      {tab === null ? (
        <p className={muted}>{intl.formatMessage(messages.noPage)}</p>
      ) : tab ? (
        <>
          <AssistantPrompt
            pending={assistant.pending}
            answer={assistant.answer}
            error={assistant.error}
            onSubmit={(values) => void assistant.ask(values.query)}
            onLaunch={(result) => launch(result.scenarioId)}
          />
          <Catalogue
            domain={tab.url.host}
            guides={guides}
            error={failed}
            onRetry={() => setAttempt((n) => n + 1)}
            onLaunch={(guide) => launch(guide.id)}
          />
        </>
      ) : null}
    </>
  );
}

function Popup() {
  const [session, setSession] = useState<Session | null | undefined>();
  // The language of the session the server refused: asking to sign in again speaks it still.
  const [expired, setExpired] = useState<Locale | null>(null);
  useEffect(() => {
    void Promise.all([currentSession(), sessionExpired()]).then(([current, ended]) => {
      setExpired(ended);
      setSession(current);
    });
  }, []);
  const onExpired = useCallback(() => {
    void sessionExpired().then(setExpired);
    setSession(null);
  }, []);
  const locale = toLocale(session?.locale ?? expired ?? navigator.language);
  const intl = useMemo(() => panelIntl(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  if (session === undefined) return null;
  return (
    <RawIntlProvider value={intl}>
      <div className={page}>
        {session ? (
          <SignedIn
            session={session}
            onSignOut={() =>
              void send({ kind: 'sign-out' }).then(() => {
                setExpired(null);
                setSession(null);
              })
            }
            onExpired={onExpired}
          />
        ) : (
          <SignIn
            locale={locale}
            expired={expired !== null}
            onSignedIn={(signedIn) => {
              setExpired(null);
              setSession(signedIn);
            }}
          />
        )}
      </div>
    </RawIntlProvider>
  );
}

renderPage(panelIntl('fr'), <Popup />);
