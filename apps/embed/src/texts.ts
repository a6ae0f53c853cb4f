import { defineMessages } from 'react-intl';

/**
 * The loader's texts, in the one catalogue (packages/i18n: extracted and checked with the rest). The loader has no
 * react-intl (it must stay a few kB): build.ts writes these, in French and English, into it.
 */
export const launcherMessages = defineMessages({
  open: { id: 'embed.launcher.open', defaultMessage: 'Ouvrir les guides' },
  label: { id: 'embed.launcher.label', defaultMessage: 'Guides' },
});
