import '../../src/generated/panda.css';
import { errorText } from '@mulot/api-client';
import { css } from '@mulot/ui/styled-system/css';
import { browser } from 'wxt/browser';
import { trust } from '../../src/background/handlers';
import { directApi } from '../../src/client';
import { h, uid } from '../../src/dom';
import { toLocale, translator } from '../../src/intl';
import { normalizeApiBase, type Session } from '../../src/launch';
import { buttons, field } from '../../src/panel';
import { send } from '../../src/runtime';
import { styles } from '../../src/styles';

const root = document.getElementById('app') as HTMLElement;
root.className = css({
  w: '80',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  fontFamily: 'body',
  fontSize: 'sm',
  bg: 'bg.default',
  color: 'fg.default',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function currentSession(): Promise<Session | null> {
  const stored = await browser.storage.local.get('session');
  return (stored.session as Session | undefined) ?? null;
}

async function render() {
  const session = await currentSession();
  if (session) await catalogue(session);
  else signIn();
}

/** Sign-in when the extension was not launched from the back-office: the same login call as the back-office. */
function signIn() {
  const locale = toLocale(navigator.language);
  document.documentElement.lang = locale;
  const t = translator(locale);
  const apiBase = h('input', {
    type: 'url',
    name: 'apiBase',
    value: 'http://localhost:3000/api',
    autocomplete: 'url',
  });
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'email' });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password' });
  const fields = {
    apiBase: field(uid('api'), t('popup.apiBase'), apiBase),
    email: field(uid('email'), t('popup.email'), email),
    password: field(uid('password'), t('popup.password'), password),
  };
  const rules = {
    apiBase: () => (normalizeApiBase(apiBase.value) ? null : t('popup.apiBaseInvalid')),
    email: () =>
      !email.value.trim()
        ? t('popup.emailRequired')
        : EMAIL.test(email.value.trim())
          ? null
          : t('popup.emailInvalid'),
    password: () => (password.value ? null : t('popup.passwordRequired')),
  };
  type Name = keyof typeof rules;
  const validate = (name: Name) => {
    const message = rules[name]();
    fields[name].setError(message);
    return !message;
  };
  for (const [name, control] of Object.entries({ apiBase, email, password }) as [Name, HTMLInputElement][]) {
    control.addEventListener('blur', () => validate(name));
    control.addEventListener('change', () => validate(name));
  }
  const alert = h('p', { role: 'alert', class: styles.alert });
  const submit = h('button', { type: 'submit', class: buttons.primary }, t('popup.submit'));
  const form = h(
    'form',
    { class: styles.form, novalidate: true },
    h('h1', { class: styles.heading }, t('popup.signIn')),
    alert,
    fields.apiBase.wrap,
    fields.email.wrap,
    fields.password.wrap,
    submit,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if ((Object.keys(rules) as Name[]).map(validate).includes(false)) return;
    submit.disabled = true;
    submit.textContent = t('popup.submitting');
    alert.textContent = '';
    const base = normalizeApiBase(apiBase.value) as string;
    try {
      const login = (
        await directApi({ apiBase: base, locale }).POST('/auth/login', {
          body: { email: email.value.trim(), password: password.value },
        })
      ).data;
      if (!login) throw new Error('empty answer');
      const organizations =
        (await directApi({ apiBase: base, token: login.jwt, locale }).GET('/organizations')).data ?? [];
      const organization = organizations[0];
      if (!organization) throw new Error(t('popup.noOrganization'));
      const session: Session = {
        apiBase: base,
        token: login.jwt,
        organizationId: organization.id,
        locale,
        email: login.user.email,
      };
      await browser.storage.local.set({ session });
      // the user named this API: its back-office may launch the extension without asking again
      await trust(new URL(base).origin);
      await render();
    } catch (error) {
      alert.textContent = errorText(
        error,
        error instanceof Error && error.message ? error.message : t('common.network'),
      );
      submit.disabled = false;
      submit.textContent = t('popup.submit');
    }
  });
  root.replaceChildren(form);
}

/** The published guides of the current tab's site; launching one starts the reader on that tab. */
async function catalogue(session: Session) {
  const t = translator(session.locale);
  document.documentElement.lang = session.locale;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  const signOut = h(
    'button',
    {
      type: 'button',
      class: buttons.plain,
      onclick: () => void browser.storage.local.remove('session').then(render),
    },
    t('popup.signOut'),
  );
  const header = h(
    'div',
    { class: styles.between },
    h('span', { class: styles.muted }, session.email ? t('popup.signedInAs', { email: session.email }) : ''),
    signOut,
  );
  const body = h('div', { class: styles.form });
  root.replaceChildren(header, h('h1', { class: styles.heading }, t('catalogue.title')), body);
  const url = tab?.url ?? '';
  if (!tab?.id || !/^https?:/.test(url)) {
    body.replaceChildren(h('p', { class: styles.muted }, t('popup.noPage')));
    return;
  }
  const tabId = tab.id;
  try {
    const entries = (await directApi(session).GET('/catalogue', { params: { query: { url } } })).data ?? [];
    if (!entries.length) {
      body.replaceChildren(h('p', { class: styles.muted }, t('catalogue.empty')));
      return;
    }
    body.replaceChildren(
      h(
        'ul',
        { class: styles.list },
        ...entries.map((entry) =>
          h(
            'li',
            { class: styles.item },
            h('span', { class: styles.itemTitle }, entry.title),
            h(
              'span',
              { class: styles.muted },
              t('catalogue.duration', { min: entry.minDuration, max: entry.maxDuration }),
            ),
            h(
              'button',
              {
                type: 'button',
                class: buttons.primary,
                'aria-label': `${t('catalogue.launch')} : ${entry.title}`,
                onclick: () =>
                  void send({ kind: 'start', tabId, state: { mode: 'reader', scenarioId: entry.id } }).then(
                    () => window.close(),
                  ),
              },
              t('catalogue.launch'),
            ),
          ),
        ),
      ),
    );
  } catch (error) {
    body.replaceChildren(
      h('p', { role: 'alert', class: styles.alert }, errorText(error, t('common.network'))),
    );
  }
}

void render();
