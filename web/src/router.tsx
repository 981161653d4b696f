// Every page of the dashboard, in one file. The app's pages need a session (beforeLoad asks
// /me; without one the browser goes to the login page and comes back after); the entry pages
// (login, sign-up, invitation, reset) do not. Each page's code loads when it is first opened
// (or hovered), so the first script of any page stays small.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect, type AsyncRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { ApiError } from './api/client';
import { meQuery } from './api/session';
import { AppLayout } from './components/layout/app-layout';
import { EntryLayout } from './components/layout/entry-layout';
import type { Permission } from './api/session';
import { NotFound, Requires, RouteError } from './components/layout/not-found';
import { safeNext } from './lib/safe-next';

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
export const inviteRoute = createRoute({ getParentRoute: () => entry, path: 'invite', validateSearch: token, component: lazyRouteComponent(() => import('./features/auth/accept-invite-page'), 'AcceptInvitePage') });
export const resetRoute = createRoute({ getParentRoute: () => entry, path: 'reset-password', validateSearch: token, component: lazyRouteComponent(() => import('./features/auth/reset-password-page'), 'ResetPasswordPage') });

const app = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(meQuery);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw redirect({ to: '/login', search: { next: location.href } });
      throw error;
    }
  },
  component: AppLayout,
});
const homeRoute = createRoute({ getParentRoute: () => app, path: '/', component: lazyRouteComponent(() => import('./features/home/home-page'), 'HomePage') });
const teamRoute = createRoute({ getParentRoute: () => app, path: 'team', component: gated('team:manage', lazyRouteComponent(() => import('./features/team/team-page'), 'TeamPage')) });
const keysRoute = createRoute({ getParentRoute: () => app, path: 'keys', component: gated('integrations:manage', lazyRouteComponent(() => import('./features/api-keys/keys-page'), 'KeysPage')) });
const webhooksRoute = createRoute({ getParentRoute: () => app, path: 'webhooks', component: gated('integrations:manage', lazyRouteComponent(() => import('./features/webhooks/webhooks-page'), 'WebhooksPage')) });
export const deliveriesRoute = createRoute({
  getParentRoute: () => app,
  path: 'webhooks/$endpointId',
  params: { parse: (params: { endpointId: string }) => ({ endpointId: Number(params.endpointId) }), stringify: (params: { endpointId: number }) => ({ endpointId: String(params.endpointId) }) },
  component: gated('integrations:manage', lazyRouteComponent(() => import('./features/webhooks/deliveries-page'), 'DeliveriesPage')),
});
const transfersRoute = createRoute({ getParentRoute: () => app, path: 'transfers', component: gated('transfers:manage', lazyRouteComponent(() => import('./features/transfers/transfers-page'), 'TransfersPage')) });
const settingsRoute = createRoute({ getParentRoute: () => app, path: 'settings', component: gated('settings:manage', lazyRouteComponent(() => import('./features/settings/settings-page'), 'SettingsPage')) });
const productsRoute = createRoute({ getParentRoute: () => app, path: 'products', component: gated('products:read', lazyRouteComponent(() => import('./features/products/products-page'), 'ProductsPage')) });
export const productEditorRoute = createRoute({
  getParentRoute: () => app,
  path: 'products/$productId',
  component: gated('products:read', lazyRouteComponent(() => import('./features/products/product-editor-page'), 'ProductEditorPage')),
});
const accountRoute = createRoute({ getParentRoute: () => app, path: 'account', component: lazyRouteComponent(() => import('./features/account/account-page'), 'AccountPage') });

const routeTree = rootRoute.addChildren([
  entry.addChildren([loginRoute, signupRoute, inviteRoute, resetRoute]),
  app.addChildren([homeRoute, productsRoute, productEditorRoute, teamRoute, keysRoute, webhooksRoute, deliveriesRoute, transfersRoute, settingsRoute, accountRoute]),
]);

export function makeRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, basepath: '/dashboard', context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
