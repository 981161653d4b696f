import { CSPProvider } from '@base-ui/react/csp-provider';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client';
import { followStoreChange, leave } from './api/use-session';
import { showFlash } from './lib/flash';
import { makeRouter } from './router';
import { T } from './text/id';
import './styles.css';

// Two answers concern every page: the session ended (log in again, then come back) and
// another tab switched stores (show the store that is now active).
function onApiError(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401 && error.code === 'login_required') {
    leave(queryClient);
    const here = window.location.pathname.replace(/^\/dashboard/, '') + window.location.search;
    void router.navigate({ to: '/login', search: { next: here === '/' ? undefined : here } });
  } else if (error.code === 'store_changed') {
    showFlash({ tone: 'warning', text: T.storeChanged });
    void followStoreChange(queryClient);
  }
}

const queryClient = new QueryClient({
  // /me answers 401 to every visitor who is not logged in: the pages that ask it decide.
  queryCache: new QueryCache({ onError: (error, query) => (query.meta?.anonymousOk ? undefined : onApiError(error)) }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: true, retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2 },
    mutations: { retry: false },
  },
});
const router = makeRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CSPProvider disableStyleElements>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </CSPProvider>
  </StrictMode>,
);
