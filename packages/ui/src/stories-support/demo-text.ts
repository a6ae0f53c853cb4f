import { useIntl } from 'react-intl';

/**
 * Sample content of primitive stories (button labels, field names) follows the locale toolbar without
 * adding demo sentences to the product catalogues served by the API. Product texts never use this.
 */
export function useDemoText() {
  const { locale } = useIntl();
  return (fr: string, en: string) => (locale.startsWith('en') ? en : fr);
}
