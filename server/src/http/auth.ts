// Bearer tokens, the signed-in staff user on each request, permission checks and branch scope.
// Every route needs a valid token unless its config says `public: true`; a route with `config.area`
// also needs the role action (`config.action`, default view) or answers 403.
// An access token names only its user and session (`sub`, `sid`): on every request the session
// resolver checks that the session is open and the user active, and supplies the user's current
// rights and branch scope, so a revocation or a change of rights takes effect on the next request.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACTIONS, type Action, type PermissionArea, type RoleGrant } from '@lbo/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { forbidden, problem, unauthenticated } from './errors';
import type { RouteScope } from './scope';

export type BranchScope = 'all' | number[];

export type AuthUser = {
  id: number;
  name: string;
  roleGroupId: number | null;
  /** area -> letters of the granted actions: v, c, u, d. */
  grants: Partial<Record<PermissionArea, string>>;
  branches: BranchScope;
  /** The sign-in session the token belongs to (auth_sessions.id). */
  sessionId?: number;
};

/** Checks a token's session and user against the current data (AuthService in the app). */
export interface SessionResolver {
  resolve(userId: number, sessionId: number): Promise<AuthUser>;
}

/** A signed-in store (the companion app's caller): only its own records are in reach. */
export type AuthStore = {
  customerId: number;
  sessionId: number;
  customerCode: string;
  customerName: string;
  branchId: number;
};

/** Checks a store token's session and store against the current data (StoreAuthService). */
export interface StoreSessionResolver {
  resolve(customerId: number, sessionId: number, req: FastifyRequest): Promise<AuthStore>;
}

/** What a token says once its signature and expiry are checked. */
export type VerifiedToken = { userId: number; sessionId: number | null };

/** What a token is signed for: its user and session, nothing else (rights come from current data). */
export type TokenSubject = { id: number; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
    /** Set on the store routes (`config.audience: 'store'`) instead of `user`. */
    store: AuthStore;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** 'store': the route takes store tokens (and no staff token); default staff. */
    audience?: Audience;
    area?: PermissionArea;
    action?: Action;
    /** Required on every signed-in route (see http/scope.ts RouteScope). */
    scope?: RouteScope;
  }
}

const LETTER: Record<Action, string> = { view: 'v', create: 'c', update: 'u', delete: 'd' };

export function grantsFromRoles(roles: readonly RoleGrant[]): AuthUser['grants'] {
  const grants: AuthUser['grants'] = {};
  for (const r of roles) {
    let letters = grants[r.area] ?? '';
    for (const a of ACTIONS) {
      if (r[`can_${a}`] && !letters.includes(LETTER[a])) letters += LETTER[a];
    }
    grants[r.area] = letters;
  }
  return grants;
}

export function hasGrant(user: AuthUser, area: PermissionArea, action: Action): boolean {
  return (user.grants[area] ?? '').includes(LETTER[action]);
}

const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 10_000;

/**
 * Who a token is for: staff (the back office) or a store (the companion app). One secret signs both;
 * the audience claim keeps either kind of token off the other's routes.
 */
export type Audience = 'staff' | 'store';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
    readonly audience: Audience = 'staff',
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(user: TokenSubject): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const token = await new SignJWT({ sid: user.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('loyalty-back-office')
      .setAudience(this.audience)
      .sign(this.key);
    return { token, expiresAt };
  }

  /**
   * Tokens whose signature was checked, until their own expiry (at most VERIFIED_TTL_MS): a
   * client sends the same token on every call, and checking an HMAC costs ~0.25 ms each time.
   * Only the signature check is remembered: the session and the user's rights are still looked
   * up on every request (SessionResolver), so a sign-out or a change of rights applies at once.
   */
  private readonly verified = new Map<string, { token: VerifiedToken; until: number }>();

  async verify(token: string): Promise<VerifiedToken> {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.until > now) return hit.token;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'loyalty-back-office',
        audience: this.audience,
        algorithms: ['HS256'],
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0) throw unauthenticated();
      const sid = payload.sid;
      const result = {
        userId: id,
        sessionId: Number.isInteger(sid) && (sid as number) > 0 ? (sid as number) : null,
      };
      const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : now;
      const until = Math.min(expiresAt, now + VERIFIED_TTL_MS);
      if (until > now) {
        // Bounded: drop the oldest entries (insertion order) when full.
        if (this.verified.size >= VERIFIED_MAX) {
          for (const key of this.verified.keys()) {
            this.verified.delete(key);
            if (this.verified.size < VERIFIED_MAX * 0.9) break;
          }
        }
        this.verified.set(token, { token: result, until });
      }
      return result;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthenticated(problem('session_expired'));
      throw unauthenticated();
    }
  }
}

/** JWT_SECRET, or one generated on first start and kept in DATA_DIR (mode 600). */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

const FOREIGN_USER_PARAMS = ['user_id', 'admin_user_id', 'user_id_for_branch'] as const;

/** The bearer-token hook: the token's session, resolved against current data, decides who the caller is. */
export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  sessions: SessionResolver,
  stores?: { tokens: TokenService; sessions: StoreSessionResolver },
): void {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('store', null as unknown as AuthStore);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (!req.routeOptions.url || config.public) return;
    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthenticated();
    if (config.audience === 'store') {
      // Only a store token verifies here (its audience), so a staff token is the same 401 as none.
      if (!stores) throw unauthenticated();
      const verified = await stores.tokens.verify(match[1]);
      if (verified.sessionId === null) throw unauthenticated(problem('session_ended'));
      req.store = await stores.sessions.resolve(verified.userId, verified.sessionId, req);
      return;
    }
    const verified = await tokens.verify(match[1]);
    if (verified.sessionId === null) throw unauthenticated(problem('session_ended'));
    req.user = await sessions.resolve(verified.userId, verified.sessionId);
    if (config.area && !hasGrant(req.user, config.area, config.action ?? 'view')) {
      throw forbidden(
        problem('forbidden_area', { action: config.action ?? 'view', area: config.area.replace(/_/g, ' ') }),
      );
    }
    // The original clients send the admin's own id for scoping; the token decides scope, and
    // naming anyone else is refused rather than silently ignored.
    const query = req.query as Record<string, unknown> | undefined;
    for (const p of FOREIGN_USER_PARAMS) {
      const v = query?.[p];
      if (v !== undefined && v !== '' && String(v) !== String(req.user.id)) {
        throw forbidden(problem('must_be_own_id', { param: p }, { field: p, named: true }));
      }
    }
  });
}

// Branch scope checks and conditions live in http/scope.ts (re-exported for existing importers).
export { assertBranchInScope, branchScope } from './scope';
