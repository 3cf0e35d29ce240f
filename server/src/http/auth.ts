// Bearer tokens, the signed-in staff user on each request, permission checks and branch scope.
// Every route needs a valid token unless its config says `public: true`; a route with `config.area`
// also needs the role action (`config.action`, default view) or answers 403.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ACTIONS, type Action, type PermissionArea, type RoleGrant } from '@lbo/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthenticated } from './errors';

export type BranchScope = 'all' | number[];

export type AuthUser = {
  id: number;
  name: string;
  roleGroupId: number | null;
  /** area -> letters of the granted actions: v, c, u, d. */
  grants: Partial<Record<PermissionArea, string>>;
  branches: BranchScope;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
  interface FastifyContextConfig {
    public?: boolean;
    area?: PermissionArea;
    action?: Action;
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

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(user: AuthUser): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const token = await new SignJWT({
      name: user.name,
      rg: user.roleGroupId,
      g: user.grants,
      b: user.branches,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer('loyalty-back-office')
      .sign(this.key);
    return { token, expiresAt };
  }

  async verify(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'loyalty-back-office',
        algorithms: ['HS256'],
      });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || id <= 0) throw unauthenticated();
      return {
        id,
        name: String(payload.name ?? ''),
        roleGroupId: (payload.rg as number | null) ?? null,
        grants: (payload.g as AuthUser['grants']) ?? {},
        branches: payload.b === 'all' ? 'all' : Array.isArray(payload.b) ? (payload.b as number[]) : [],
      };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired)
        throw unauthenticated('The session has expired; sign in again');
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

export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('user', null as unknown as AuthUser);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (!req.routeOptions.url || config.public) return;
    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthenticated();
    req.user = await tokens.verify(match[1]);
    if (config.area && !hasGrant(req.user, config.area, config.action ?? 'view')) {
      throw forbidden(`You may not ${config.action ?? 'view'} ${config.area.replace(/_/g, ' ')} data`);
    }
    // The original clients send the admin's own id for scoping; the token decides scope, and
    // naming anyone else is refused rather than silently ignored.
    const query = req.query as Record<string, unknown> | undefined;
    for (const p of FOREIGN_USER_PARAMS) {
      const v = query?.[p];
      if (v !== undefined && v !== '' && String(v) !== String(req.user.id)) {
        throw forbidden(`${p} must be your own user id; results are scoped from your sign-in`);
      }
    }
  });
}

/** The branch ids a request may see, or 'all'. */
export function branchScope(req: FastifyRequest): BranchScope {
  return req.user.branches;
}

export function assertBranchInScope(req: FastifyRequest, branchId: number | null | undefined): void {
  const scope = req.user.branches;
  if (scope === 'all' || branchId === null || branchId === undefined) return;
  if (!scope.includes(branchId)) throw forbidden('That branch is outside your assigned branches');
}
