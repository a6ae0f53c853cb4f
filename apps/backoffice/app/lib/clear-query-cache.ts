/**
 * Forgets the previous user's cached data at sign-in. The cache is imported on demand: the sign-in pages load
 * without it, and the page they lead to (the dashboard) needs it anyway.
 */
export async function clearQueryCache(): Promise<void> {
  const { queryClient } = await import('./query');
  queryClient.clear();
}
