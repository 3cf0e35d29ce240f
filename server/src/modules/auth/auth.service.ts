// Sign-in, refresh-token rotation, logout and self-service access requests.
import { createHash, randomBytes } from 'node:crypto';
import type { LoginResult, RegisterBody } from '@lbo/contract/auth';
import type { RoleGrant } from '@lbo/contract/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { login_failures, refresh_tokens, staff_users } from '../../db/schema/staff';
import { type AuthUser, type BranchScope, grantsFromRoles, type TokenService } from '../../http/auth';
import { ApiError, conflict, unauthenticated } from '../../http/errors';
import { hashPassword, verifyPassword } from './password';

const WRONG = 'Wrong e-mail or password';

export type AuthSettings = { refreshTtlDays: number; maxFailures: number; lockMinutes: number };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly settings: AuthSettings,
  ) {}

  async roleList(db: DbOrTx, roleGroupId: number | null): Promise<RoleGrant[]> {
    if (roleGroupId === null) return [];
    return rows<RoleGrant>(
      db,
      sql`select r.id as id_role, r.name, r.area, r.can_view, r.can_create, r.can_update, r.can_delete
          from role_group_roles rgr join roles r on r.id = rgr.role_id
          where rgr.role_group_id = ${roleGroupId} order by r.area, r.id`,
    );
  }

  async branchScope(db: DbOrTx, userId: number, allBranches: boolean): Promise<BranchScope> {
    if (allBranches) return 'all';
    const found = await rows<{ id: number }>(
      db,
      sql`select branch_id as id from staff_user_branches where user_id = ${userId}
          union
          select b.id from staff_user_regions sur join branches b on b.region_id = sur.region_id where sur.user_id = ${userId}
          order by 1`,
    );
    return found.map((r) => r.id);
  }

  private async assertNotLocked(keys: string[]) {
    const locked = await rows<{ key: string }>(
      this.db,
      sql`select key from login_failures where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) and locked_until > now()`,
    );
    if (locked.length > 0) {
      throw new ApiError(
        'RATE_LIMITED',
        `Too many failed sign-ins; try again in ${this.settings.lockMinutes} minutes`,
      );
    }
  }

  private async recordFailure(keys: string[]) {
    const { lockMinutes } = this.settings;
    for (const key of keys) {
      // One address may be a whole office behind NAT: it gets more tries than one e-mail.
      const maxFailures = key.startsWith('ip:') ? this.settings.maxFailures * 4 : this.settings.maxFailures;
      await this.db.execute(sql`
        insert into login_failures (key, failures, first_failed_at) values (${key}, 1, now())
        on conflict (key) do update set
          failures = case when login_failures.first_failed_at < now() - make_interval(mins => ${lockMinutes})
                          then 1 else login_failures.failures + 1 end,
          first_failed_at = case when login_failures.first_failed_at < now() - make_interval(mins => ${lockMinutes})
                          then now() else login_failures.first_failed_at end,
          locked_until = case when login_failures.first_failed_at >= now() - make_interval(mins => ${lockMinutes})
                               and login_failures.failures + 1 >= ${maxFailures}
                          then now() + make_interval(mins => ${lockMinutes}) else null end`);
    }
  }

  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const normalized = email.trim().toLowerCase();
    const keys = [`email:${normalized}`, `ip:${ip}`];
    await this.assertNotLocked(keys);
    const [user] = await this.db
      .select()
      .from(staff_users)
      .where(sql`lower(${staff_users.email}) = ${normalized}`)
      .limit(1);
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !ok) {
      await this.recordFailure(keys);
      throw unauthenticated(WRONG);
    }
    if (!user.active)
      throw new ApiError('FORBIDDEN', 'This account is not active yet; ask an administrator to activate it');
    await this.db.delete(login_failures).where(eq(login_failures.key, keys[0]));
    await this.db
      .update(staff_users)
      .set({ last_login_at: sql`now()` as never })
      .where(eq(staff_users.id, user.id));
    return this.issue(this.db, user.id);
  }

  /** Issues an access token and a new refresh token for a user (inside the caller's transaction if any). */
  private async issue(db: DbOrTx, userId: number, replacing?: number): Promise<LoginResult> {
    const [user] = await db.select().from(staff_users).where(eq(staff_users.id, userId)).limit(1);
    if (!user?.active) throw unauthenticated('This account is no longer active');
    const roleList = await this.roleList(db, user.role_group_id);
    const branches = await this.branchScope(db, user.id, user.all_branches);
    const authUser: AuthUser = {
      id: user.id,
      name: user.name,
      roleGroupId: user.role_group_id,
      grants: grantsFromRoles(roleList),
      branches,
    };
    const { token, expiresAt } = await this.tokens.sign(authUser);
    const refresh = randomBytes(32).toString('base64url');
    const refreshExpires = new Date(Date.now() + this.settings.refreshTtlDays * 86_400_000);
    const [created] = await db
      .insert(refresh_tokens)
      .values({ user_id: user.id, token_hash: sha256(refresh), expires_at: refreshExpires.toISOString() })
      .returning({ id: refresh_tokens.id });
    if (replacing !== undefined) {
      await db
        .update(refresh_tokens)
        .set({ replaced_by_id: created.id })
        .where(eq(refresh_tokens.id, replacing));
    }
    return {
      user_id: user.id,
      name: user.name,
      email: user.email,
      token,
      expired_date: expiresAt.toISOString(),
      role_list: roleList,
      refresh_token: refresh,
      role_group_id: user.role_group_id,
      branch_scope: branches,
    };
  }

  /** Rotation: the presented token is revoked atomically; presenting a revoked one revokes the whole family. */
  async refresh(refreshToken: string): Promise<LoginResult> {
    const hash = sha256(refreshToken);
    const result = await this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(refresh_tokens)
        .set({ revoked_at: sql`now()` as never })
        .where(
          and(
            eq(refresh_tokens.token_hash, hash),
            isNull(refresh_tokens.revoked_at),
            sql`${refresh_tokens.expires_at} > now()`,
          ),
        )
        .returning({ id: refresh_tokens.id, user_id: refresh_tokens.user_id });
      if (!used) return null;
      return this.issue(tx, used.user_id, used.id);
    });
    if (result) return result;
    // A reused (already rotated) token suggests theft: end every session of that user.
    const [reused] = await this.db
      .select({ user_id: refresh_tokens.user_id })
      .from(refresh_tokens)
      .where(eq(refresh_tokens.token_hash, hash))
      .limit(1);
    if (reused) {
      await this.db
        .update(refresh_tokens)
        .set({ revoked_at: sql`now()` as never })
        .where(and(eq(refresh_tokens.user_id, reused.user_id), isNull(refresh_tokens.revoked_at)));
    }
    throw unauthenticated('The refresh token is invalid, expired or already used; sign in again');
  }

  async logout(userId: number, refreshToken: string | undefined): Promise<void> {
    const cond = refreshToken
      ? and(eq(refresh_tokens.user_id, userId), eq(refresh_tokens.token_hash, sha256(refreshToken)))
      : eq(refresh_tokens.user_id, userId);
    await this.db
      .update(refresh_tokens)
      .set({ revoked_at: sql`now()` as never })
      .where(and(cond, isNull(refresh_tokens.revoked_at)));
  }

  async register(body: RegisterBody): Promise<{ id: number; email: string; active: boolean }> {
    const email = body.email.trim().toLowerCase();
    const [exists] = await this.db
      .select({ id: staff_users.id })
      .from(staff_users)
      .where(sql`lower(${staff_users.email}) = ${email}`)
      .limit(1);
    if (exists) throw conflict(`email '${email}' already exists`);
    const [created] = await this.db
      .insert(staff_users)
      .values({
        name: body.name,
        email,
        phone_number: body.phone_number ?? '',
        password_hash: await hashPassword(body.password),
        active: false,
        role_group_id: null,
      })
      .returning({ id: staff_users.id, email: staff_users.email, active: staff_users.active });
    return created;
  }
}
