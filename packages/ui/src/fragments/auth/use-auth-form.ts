import { type BaseSyntheticEvent, useCallback, useRef, useState } from 'react';
import type { FieldError, Resolver, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';

type Values = Record<string, string>;
type Name<V> = Extract<keyof V, string>;
type Errors<V> = Partial<Record<Name<V>, FieldError>>;

export interface AuthFormOptions<V extends Values> {
  /** The form's rules: a react-hook-form resolver (validation/lazy-resolver.ts fetches zod at the first check). */
  resolver: Resolver<V>;
  defaultValues: V;
}

/**
 * The sign-in forms' state: react-hook-form's behaviour as these forms use it (mode 'onTouched', reValidateMode
 * 'onChange', resolver, first invalid field focused on submit, server errors by setError), without its ~13 kB gzip
 * on the sign-in pages' first load. The other forms of the product use react-hook-form itself.
 *
 * A field is checked when it is left, then on every change once it was left; after a submit, on every change.
 * Each check runs the resolver on the whole form and updates the checked field's error only.
 */
export function useAuthForm<V extends Values>({ resolver, defaultValues }: AuthFormOptions<V>) {
  const elements = useRef(new Map<Name<V>, HTMLInputElement>());
  const touched = useRef(new Set<Name<V>>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<V>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: the forms pass constant options
  const run = useCallback(async () => {
    const values = { ...defaultValues };
    for (const [name, element] of elements.current) (values as Values)[name] = element.value;
    // The options a resolver reads: no native validation, no field refs (the errors carry none), first error only.
    return resolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
      criteriaMode: 'firstError',
    });
  }, []);

  const setFieldError = useCallback((name: Name<V>, error: FieldError | undefined) => {
    setErrors((previous) => {
      if (previous[name] === error) return previous;
      const next = { ...previous };
      if (error) next[name] = error;
      else delete next[name];
      return next;
    });
  }, []);

  const trigger = useCallback(
    async (name: Name<V>) => {
      const { errors: found } = await run();
      setFieldError(name, (found as Errors<V>)[name]);
    },
    [run, setFieldError],
  );

  const register = (name: Name<V>, options?: { onChange?: () => void }): UseFormRegisterReturn<Name<V>> => ({
    name,
    ref: (element: HTMLInputElement | null) => {
      if (!element) return;
      if (!elements.current.has(name)) element.value = defaultValues[name] ?? '';
      elements.current.set(name, element);
    },
    onChange: async () => {
      options?.onChange?.();
      if (submitted.current || touched.current.has(name)) await trigger(name);
    },
    onBlur: async () => {
      touched.current.add(name);
      if (!submitted.current) await trigger(name);
    },
  });

  const handleSubmit =
    (onValid: (values: V, event?: BaseSyntheticEvent) => void | Promise<void>) =>
    async (event?: BaseSyntheticEvent): Promise<void> => {
      event?.preventDefault();
      submitted.current = true;
      const result = await run();
      const found = result.errors as Errors<V>;
      if (Object.keys(found).length > 0) {
        setErrors(found);
        const first = [...elements.current.keys()].find((name) => found[name]);
        if (first) elements.current.get(first)?.focus();
        return;
      }
      setErrors({});
      // The event too, as react-hook-form passes it.
      await onValid(result.values as V, event);
    };

  const setError: UseFormSetError<V> = useCallback(
    (name, error, options) => {
      setFieldError(name as Name<V>, { type: String(error.type ?? 'server'), message: error.message });
      if (options?.shouldFocus) elements.current.get(name as Name<V>)?.focus();
    },
    [setFieldError],
  );

  const getFieldState = (name: Name<V>) => ({ isTouched: touched.current.has(name) });

  return { register, handleSubmit, trigger, getFieldState, setError, formState: { errors } };
}
