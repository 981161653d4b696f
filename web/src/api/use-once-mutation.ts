// One press, one request (issue 40 §1): a very fast double click fires two clicks before React
// draws the button busy (a mutation's isPending arrives a tick later), and "Simpan pesanan" entered
// two orders. A mutation of a button that creates something (an order, a product, a key, a
// webhook, an invitation, a status move...) is made with this instead of useMutation: the first
// mutate takes the mutation synchronously (a ref) and marks it pending at once; another mutate
// before it settles is dropped. The server's own rules stay the guard behind it (the page's
// Idempotency-Key of "Tambah pesanan", a status move's repeat answered `changed: false`).
import { useMutation, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

export function useOnceMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const taken = useRef(false);
  const [pressed, setPressed] = useState(false);
  const { mutate: run, mutateAsync: runAsync } = mutation;

  const release = useCallback(() => {
    taken.current = false;
    setPressed(false);
  }, []);

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (taken.current) return;
      taken.current = true;
      setPressed(true);
      run(variables, {
        ...callbacks,
        onSettled: (...settled) => {
          release();
          callbacks?.onSettled?.(...settled);
        },
      });
    },
    [run, release],
  );

  const mutateAsync = useCallback(
    async (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      if (taken.current) throw new Error('already pressed');
      taken.current = true;
      setPressed(true);
      try {
        return await runAsync(variables, callbacks);
      } finally {
        release();
      }
    },
    [runAsync, release],
  );

  // Pending from the first press on, before the mutation itself says so.
  const isPending = mutation.isPending || pressed;
  return { ...mutation, mutate, mutateAsync, isPending } as UseMutationResult<TData, TError, TVariables, TContext>;
}
