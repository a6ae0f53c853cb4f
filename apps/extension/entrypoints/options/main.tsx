import '../../src/generated/panda.css';
import { Button } from '@mulot/ui/components/button';
import { Field } from '@mulot/ui/components/field';
import { Input } from '@mulot/ui/components/input';
import { css } from '@mulot/ui/styled-system/css';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { defineMessages, RawIntlProvider, useIntl } from 'react-intl';
import { toLocale } from '../../src/intl';
import { panelIntl, renderPage } from '../../src/render';
import {
  managedAddress,
  mulotAddress,
  revoke,
  setMulotAddress,
  toOrigin,
  trustedOrigins,
} from '../../src/store';

const messages = defineMessages({
  title: { id: 'extension.options.title', defaultMessage: 'Options de Mulot' },
  address: { id: 'extension.options.address', defaultMessage: 'Adresse de Mulot' },
  addressHelp: {
    id: 'extension.options.addressHelp',
    defaultMessage:
      "L'adresse du back-office Mulot de votre organisation. Seules ses pages peuvent lancer l'extension.",
  },
  managed: { id: 'extension.options.managed', defaultMessage: 'Fixée par votre organisation.' },
  invalid: { id: 'extension.options.invalid', defaultMessage: "L'adresse n'est pas valide." },
  save: { id: 'extension.options.save', defaultMessage: 'Enregistrer' },
  saved: { id: 'extension.options.saved', defaultMessage: 'Adresse enregistrée.' },
  trusted: { id: 'extension.options.trusted', defaultMessage: 'Sites autorisés à lancer Mulot' },
  none: { id: 'extension.options.none', defaultMessage: 'Aucun site autorisé.' },
  revoke: { id: 'extension.options.revoke', defaultMessage: 'Retirer' },
  revoked: { id: 'extension.options.revoked', defaultMessage: 'Autorisation retirée.' },
});

const page = css({
  maxW: '2xl',
  mx: 'auto',
  p: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  fontFamily: 'body',
  fontSize: 'sm',
  bg: 'bg.default',
  color: 'fg.default',
});
const heading = css({ textStyle: 'xl', fontWeight: 'semibold' });
const subheading = css({ textStyle: 'md', fontWeight: 'semibold' });
const row = css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between' });
const muted = css({ color: 'fg.muted' });

/** The extension's options: the one Mulot address, and the origins allowed to launch it (revocable). */
function Options() {
  const intl = useIntl();
  const [address, setAddress] = useState('');
  const [managed, setManaged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [origins, setOrigins] = useState<string[]>([]);
  const reload = useCallback(async () => {
    const [current, fixed, trusted] = await Promise.all([mulotAddress(), managedAddress(), trustedOrigins()]);
    setAddress(current ?? '');
    setManaged(Boolean(fixed));
    setOrigins(trusted);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const origin = toOrigin(address);
    if (!origin) {
      setError(intl.formatMessage(messages.invalid));
      return;
    }
    await setMulotAddress(origin);
    setStatus(intl.formatMessage(messages.saved));
    await reload();
  };

  return (
    <div className={page}>
      <h1 className={heading}>{intl.formatMessage(messages.title)}</h1>
      <form onSubmit={(event) => void save(event)} noValidate className={css({ display: 'grid', gap: '3' })}>
        <Field.Root invalid={Boolean(error)} disabled={managed} required>
          <Field.Label>{intl.formatMessage(messages.address)}</Field.Label>
          <Input
            type="url"
            name="address"
            autoComplete="url"
            placeholder="https://mulot.example.com"
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(null);
              setStatus(null);
            }}
          />
          <Field.HelperText>
            {intl.formatMessage(managed ? messages.managed : messages.addressHelp)}
          </Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        {!managed && (
          <div>
            <Button type="submit" size="sm">
              {intl.formatMessage(messages.save)}
            </Button>
          </div>
        )}
      </form>
      <p role="status" className={muted}>
        {status}
      </p>
      <section className={css({ display: 'grid', gap: '2' })}>
        <h2 className={subheading}>{intl.formatMessage(messages.trusted)}</h2>
        {origins.length === 0 ? (
          <p className={muted}>{intl.formatMessage(messages.none)}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })}>
            {origins.map((origin) => (
              <li key={origin} className={row}>
                <span>{origin}</span>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`${intl.formatMessage(messages.revoke)} ${origin}`}
                  onClick={() =>
                    void revoke(origin).then(async () => {
                      setStatus(intl.formatMessage(messages.revoked));
                      await reload();
                    })
                  }
                >
                  {intl.formatMessage(messages.revoke)}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function App() {
  const locale = toLocale(navigator.language);
  const intl = useMemo(() => panelIntl(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = intl.formatMessage(messages.title);
  }, [locale, intl]);
  return (
    <RawIntlProvider value={intl}>
      <Options />
    </RawIntlProvider>
  );
}

renderPage(panelIntl('fr'), <App />);
