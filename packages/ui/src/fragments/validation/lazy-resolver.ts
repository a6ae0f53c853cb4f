import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose rules (zod and the schema, ~25 kB gzip) are fetched at the form's first
 * validation rather than before its page can show: a resolver is asynchronous anyway, so the form behaves the
 * same. A failed fetch is tried again at the next validation.
 */
export function lazyResolver<TValues extends FieldValues, TContext = unknown, TOutput = TValues>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
