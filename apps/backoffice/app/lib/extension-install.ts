import type { ExtensionInstall } from '@mulot/ui/fragments/guide';
import { useQuery } from '@tanstack/react-query';
import { $api } from './query';

/** What the server offers (its package, its store listing) changes only with a deployment. */
const extensionInstallQuery = $api.queryOptions(
  'get',
  '/extension',
  {},
  { staleTime: 60 * 60_000, retry: 1 },
);

/** The package's address is a path on the API's origin, which is not this page's when VITE_API_URL points away. */
function onApiOrigin(path: string): string {
  const base = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';
  return new URL(path, new URL(base, window.location.origin)).href;
}

/**
 * How an author without the extension gets it, as the server tells it at run time (`EXTENSION_STORE_URL`, the
 * package built with this version): undefined until the server answered, null when it could not be asked.
 */
export function useExtensionInstall(): ExtensionInstall | null | undefined {
  const answer = useQuery(extensionInstallQuery);
  if (answer.isPending) return undefined;
  if (!answer.data) return null;
  const { storeUrl, package: pack } = answer.data;
  return { storeUrl, package: pack ? { ...pack, url: onApiOrigin(pack.url) } : null };
}
