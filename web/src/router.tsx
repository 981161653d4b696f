// The dashboard's routes: the entry pages (login, sign-up, invitation, reset), which need no
// session, and the pages of the list in pages.ts, which do (beforeLoad asks /me; without one
// the browser goes to the login page and comes back after). Each page's code loads when it is
// first opened (or hovered), so the first script of any page stays small.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect, type AsyncRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { ApiError } from './api/client';
import { meQuery } from './api/use-session';
import { AppLayout } from './components/layout/app-layout';
import { EntryLayout } from './components/layout/entry-layout';
import type { Permission } from './api/use-session';
import { NotFound, Requires, RouteError } from './components/layout/not-found';
import { safeNext } from './lib/safe-next';
import { parseSearch, stringifySearch } from './lib/search-params';
import { APP_PAGES, type AppPage, type SearchOf } from './pages';

/** A page that needs a permission: its code, loaded on demand, behind the role check. */
function gated(permission: Permission, Page: AsyncRouteComponent<object>): RouteComponent {
  const Gated = () => (
    <Requires permission={permission}>
      <Page />
    </Requires>
  );
  // The router preloads a page's code on hover through its component's preload.
  return Object.assign(Gated, { preload: Page.preload });
}

const token = (search: Record<string, unknown>) => ({ token: typeof search.token === 'string' ? search.token : '' });

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

const entry = createRoute({ getParentRoute: () => rootRoute, id: 'entry', component: EntryLayout });
const loginRoute = createRoute({
  getParentRoute: () => entry,
  path: 'login',
  validateSearch: (search: Record<string, unknown>) => ({ next: safeNext(search.next) }),
  component: lazyRouteComponent(() => import('./features/auth/login-page'), 'LoginPage'),
});
const signupRoute = createRoute({ getParentRoute: () => entry, path: 'signup', component: lazyRouteComponent(() => import('./features/auth/signup-page'), 'SignupPage') });
const inviteRoute = createRoute({ getParentRoute: () => entry, path: 'invite', validateSearch: token, component: lazyRouteComponent(() => import('./features/auth/accept-invite-page'), 'AcceptInvitePage') });
const resetRoute = createRoute({ getParentRoute: () => entry, path: 'reset-password', validateSearch: token, component: lazyRouteComponent(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage') });

/** A page behind the login: without a session the browser goes to the login page and comes back after. */
async function requireSession({ context, location }: { context: { queryClient: QueryClient }; location: { href: string } }): Promise<void> {
  try {
    await context.queryClient.ensureQueryData(meQuery);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/login', search: { next: location.href } });
    throw error;
  }
}

const app = createRoute({ getParentRoute: () => rootRoute, id: 'app', beforeLoad: requireSession, component: AppLayout });
/** The pages shown without the header and menus (`bare` in the list: the print page), behind the login as well. */
const bare = createRoute({ getParentRoute: () => rootRoute, id: 'bare', beforeLoad: requireSession, component: Outlet });
/** A page of the list as a route under the login; its code behind the role check when it needs a permission. */
function pageRoute<const TPath extends string, TSearch extends object>(page: AppPage<TPath, TSearch>) {
  const component = page.permission ? gated(page.permission, page.component) : page.component;
  // A page that keeps no view in its address reads none (the router's default would pass any parameter through).
  const validateSearch = page.validateSearch ?? ((): TSearch => ({}) as TSearch);
  return createRoute({ getParentRoute: () => (page.bare ? bare : app), path: page.path, validateSearch, component });
}
// Each page keeps its own route type (its address, the parts it reads and its search
// parameters), so that links to it are checked; the map alone would give every route the union
// of all addresses (and all parts).
type PageRoute<P> = P extends AppPage<infer TPath> ? ReturnType<typeof pageRoute<TPath, SearchOf<P>>> : never;
const pageRoutes = APP_PAGES.map((page: AppPage) => pageRoute(page)) as unknown as Array<PageRoute<(typeof APP_PAGES)[number]>>;

const isBare = (i: number): boolean => (APP_PAGES[i] as AppPage).bare === true;

const routeTree = rootRoute.addChildren([
  entry.addChildren([loginRoute, signupRoute, inviteRoute, resetRoute]),
  app.addChildren(pageRoutes.filter((_, i) => !isBare(i))),
  bare.addChildren(pageRoutes.filter((_, i) => isBare(i))),
]);

export function makeRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, basepath: '/dashboard', context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true, parseSearch, stringifySearch });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
