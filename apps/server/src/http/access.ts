import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import {
  TWO_FACTOR_SETUP_REQUIRED_CODE,
  TWO_FACTOR_SETUP_REQUIRED_MESSAGE,
  apiErrorBodySchema,
  type PermissionKey,
} from '@farol/data/contract';
import { touchSession } from '../auth/last-seen';
import { assertSameOrigin, bearerToken, cookieToken } from '../auth/session';
import { hasPermissions, isAdminRole, isClientRole, type AuthUser } from '../auth/types';
import { forbidden, httpError, unauthorized } from './errors';

/** Which records a route answers from, so a reader (and the route walk) knows which rule limits them. */
export type RecordScope =
  /** A client reaches only their own company's records, staff every company's: read `viewerOf(request).scope`. */
  | 'company'
  /** Only the caller's own records or those they take part in (their notifications, conversations, profile). */
  | 'own'
  /** Nobody's records: reference data, or an action on the session itself. */
  | 'none';

/**
 * Who may call a route, declared on every route as `config.access` and enforced by one hook (below) before
 * the request is validated. A route without it stops the server from starting.
 */
export type RouteAccess =
  | { readonly public: true }
  | {
      readonly public?: false;
      /** The key staff must hold (admins hold every key); null: any signed-in user. */
      readonly permission: PermissionKey | null;
      /** Only the admin role passes, whatever keys a record holds. */
      readonly adminOnly?: boolean;
      /** Whether client users may call it; they hold no keys, so `permission` binds staff only. */
      readonly clients: boolean;
      readonly scope: RecordScope;
      /**
       * Reachable by a session whose person must still enrol in 2FA (issue 13): what enrolment needs (the
       * profile, one's own 2FA state, setup and confirmation, one's sessions and history, a temporary
       * password's change). Every other route answers them 403 `two_factor_setup_required`.
       */
      readonly beforeTwoFactor?: boolean;
    };

/** Open to anyone, signed in or not (the login itself, health, the API's own documentation, the portal's files). */
export const PUBLIC: RouteAccess = { public: true };

/**
 * The companies a request may reach on a company-scoped route: all of them (admins, staff without limits),
 * those a staff account was limited to (issue 13), or one (a client). Read it through `companyScopeSql`.
 */
export type CompanyScope =
  | { readonly kind: 'all' }
  /** A client's own company; null when the client has none (they reach nothing). */
  | { readonly kind: 'company'; readonly companyId: number | null }
  /** Staff limited to `allow` (null: every company) minus `deny` (deny wins). */
  | { readonly kind: 'limited'; readonly allow: readonly number[] | null; readonly deny: readonly number[] };

/** The caller of a company-scoped route with the companies it may reach. */
export type Viewer = AuthUser & { readonly scope: CompanyScope };

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  /** Left out of the OpenAPI document (the documentation's own pages, the portal's files). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user of a non-public route (set by the access hook). */
    user: AuthUser | null;
    /** Set by the access hook on routes whose scope is 'company'. */
    companyScope: CompanyScope | null;
  }
  interface FastifyInstance {
    /** Every route with its access, filled once the server is ready. */
    routeTable: RegisteredRoute[];
    /**
     * Registers a third-party plugin whose routes are public (the portal's files, the API reference): they
     * cannot carry `config.access` themselves, so the routes it adds while it loads are marked here.
     */
    registerPublic(register: () => PromiseLike<unknown>): Promise<void>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type HideableSchema = FastifySchema & { hide?: boolean };

/** A client reaches only their own company (none without one); admins every company; other staff their reach. */
export const companyScopeOf = (user: AuthUser): CompanyScope => {
  if (isClientRole(user.role)) return { kind: 'company', companyId: user.companyId };
  const reach = user.reach;
  if (isAdminRole(user.role) || !reach || (reach.allow === null && reach.deny.length === 0))
    return { kind: 'all' };
  return { kind: 'limited', allow: reach.allow, deny: reach.deny };
};

/** Whether a signed-in user passes a route's access (the session and same-origin checks aside). */
export const mayCall = (user: AuthUser, access: Exclude<RouteAccess, { public: true }>): boolean => {
  if (isClientRole(user.role)) return access.clients;
  if (access.adminOnly) return isAdminRole(user.role);
  return access.permission === null || hasPermissions(user, [access.permission]);
};

/** The signed-in user of a non-public route. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw unauthorized();
  return request.user;
};

/** The caller of a company-scoped route; a route that did not declare scope 'company' may not ask. */
export const viewerOf = (request: FastifyRequest): Viewer => {
  const user = currentUser(request);
  if (!request.companyScope) {
    throw new Error(
      `${request.routeOptions.method} ${request.routeOptions.url} does not declare scope 'company'`,
    );
  }
  return { ...user, scope: request.companyScope };
};

/** The refusals a route's access implies, added to its documented responses unless it declares its own. */
const documentRefusals = (schema: FastifySchema, access: RouteAccess) => {
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: number) => {
    response[status] ??= apiErrorBodySchema;
  };
  if (schema.body || schema.querystring || schema.params) add(400);
  if (!access.public) {
    add(401);
    // Every route but enrolment's also refuses a person who must enrol in 2FA first.
    if (access.adminOnly || access.permission !== null || !access.clients || !access.beforeTwoFactor)
      add(403);
  }
  schema.response = response;
};

/**
 * The hook that enforces one route's access, made once per route from its options (so a request pays no
 * lookup): a session (401), the same-origin check of cookie-only writes, the role and key (403), and the
 * companies the caller reaches on a company-scoped route.
 */
const enforce =
  (app: FastifyInstance, access: Exclude<RouteAccess, { public: true }>) =>
  async (request: FastifyRequest) => {
    const bearer = bearerToken(request);
    const token = bearer ?? cookieToken(request);
    const user = await app.tokens.verify(token);
    if (!user) throw unauthorized();
    if (!bearer && !SAFE_METHODS.has(request.method)) assertSameOrigin(request, app.config.allowedOrigins);
    request.user = user;
    // For "Sessões ativas": at most one write a minute per session, not awaited.
    touchSession(app, app.db, token!, (err) => request.log.warn({ err }, 'last seen not recorded'));
    if (user.twoFactorPending && !access.beforeTwoFactor) {
      throw httpError(403, TWO_FACTOR_SETUP_REQUIRED_CODE, TWO_FACTOR_SETUP_REQUIRED_MESSAGE);
    }
    if (!mayCall(user, access)) throw forbidden();
    if (access.scope === 'company') request.companyScope = companyScopeOf(user);
  };

/**
 * Installs route access: every route registered from here on must declare `config.access` (checked when
 * the server gets ready, so a forgotten one stops the start), and gets the one access hook made from it as
 * its first preValidation hook: before the body is validated, so a stranger learns nothing from validation
 * messages.
 */
export const registerAccess = (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('companyScope', null);
  app.decorate('routeTable', []);

  let registeringPublic = 0;
  app.decorate('registerPublic', async (register: () => PromiseLike<unknown>) => {
    registeringPublic += 1;
    try {
      await register();
    } finally {
      registeringPublic -= 1;
    }
  });

  const registered: { method: string; url: string; options: RouteOptions }[] = [];
  app.addHook('onRoute', (options) => {
    if (registeringPublic > 0 && !options.config?.access)
      options.config = { ...options.config, access: PUBLIC };
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) registered.push({ method, url: options.url, options });
    const access = options.config?.access;
    const schema = (options.schema ??= {}) as HideableSchema;
    if (access && !schema.hide) documentRefusals(schema, access);
    // First of the route's own preValidation hooks (there are no instance-level ones), before validation.
    if (access && !access.public) {
      const own = options.preValidation;
      options.preValidation = [enforce(app, access), ...(own ? (Array.isArray(own) ? own : [own]) : [])];
    }
  });
  app.addHook('onReady', async () => {
    const missing = registered.filter((route) => !route.options.config?.access);
    if (missing.length > 0) {
      const names = missing.map((route) => `${route.method} ${route.url}`).join(', ');
      throw new Error(`Rotas sem config.access (permissão e escopo): ${names}`);
    }
    for (const { method, url, options } of registered) {
      app.routeTable.push({
        method,
        url,
        access: options.config!.access!,
        hidden: (options.schema as HideableSchema | undefined)?.hide === true,
      });
    }
  });
};
