// Sign-in (with an attempt limit that holds under parallel requests), sessions, refresh-token
// rotation with a short grace window, logout, the per-request session check and access requests.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginResult, RegisterBody, RegisterResult } from '@lbo/contract/auth';
import type { RoleGrant } from '@lbo/contract/common';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { auth_sessions, refresh_tokens, staff_users } from '../../db/schema/staff';
import {
  type AuthUser,
  type BranchScope,
  grantsFromRoles,
  type SessionResolver,
  type TokenService,
} from '../../http/auth';
import { ApiError, problem, unauthenticated } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../http/password';

const WRONG = problem('wrong_credentials');
const ENDED = problem('session_ended');
const REGISTERED: RegisterResult = {
  status: 'pending_review',
  message: 'Thank you. An administrator will review the request; once the account is active you can sign in.',
};

export type AuthSettings = {
  refreshTtlDays: number;
  maxFailures: number;
  lockMinutes: number;
  /** How long a just-rotated refresh token still returns the same new pair (two tabs at once). */
  refreshGraceSeconds?: number;
};

/** One network address may be a whole office behind NAT: it gets more tries than one e-mail. */
const ADDRESS_FACTOR = 4;
/** Users whose rights and scope one process keeps in memory. */
const RIGHTS_CACHE_SIZE = 5000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The key that seals a rotation's answer: derived from the old refresh token, which the database
 * only holds as a hash, so the stored answer is readable only by someone presenting that token.
 */
const graceKey = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', refreshToken, 'lbo-refresh-grace', 'successor', 32));

function seal(value: unknown, refreshToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', graceKey(refreshToken), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function unseal<T>(sealed: string, refreshToken: string): T | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', graceKey(refreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

type Rights = { version: number; grants: AuthUser['grants']; branches: BranchScope };

/** Whose sessions: a staff user's or a store's (the companion app); they share one machinery. */
export type Principal = { userId: number } | { customerId: number };
const principalColumns = (p: Principal) =>
  'userId' in p ? { user_id: p.userId, customer_id: null } : { user_id: null, customer_id: p.customerId };
const principalWhere = (p: Principal) =>
  'userId' in p ? sql`user_id = ${p.userId}` : sql`customer_id = ${p.customerId}`;

/** The refresh token row a rotation used up. */
export type UsedRefresh = {
  id: number;
  user_id: number | null;
  customer_id: number | null;
  session_id: number;
};
type Counter = { failures: number; locked_until: string | null };

export class AuthService implements SessionResolver {
  /** user id -> rights at one auth_version; a new version (database triggers) makes it a miss. */
  private readonly rights = new Map<number, Rights>();
  /** Typical password-check time, so a refusal without a check takes as long as one with. */
  private verifyMs = 50;
  private attempts = 0;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly settings: AuthSettings,
  ) {}

  private get graceSeconds() {
    return this.settings.refreshGraceSeconds ?? 30;
  }

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

  /**
   * Every request: one indexed lookup of the session and its user. Rights and branch scope come
   * from the current data, cached per (user, auth_version); any change bumps the version.
   */
  async resolve(userId: number, sessionId: number): Promise<AuthUser> {
    const [row] = await rows<{
      name: string;
      role_group_id: number | null;
      all_branches: boolean;
      active: boolean;
      auth_version: number;
      revoked: boolean;
    }>(
      this.db,
      sql`select u.name, u.role_group_id, u.all_branches, u.active, u.auth_version,
                 s.revoked_at is not null as revoked
          from auth_sessions s join staff_users u on u.id = s.user_id
          where s.id = ${sessionId} and s.user_id = ${userId}`,
    );
    if (!row || row.revoked) throw unauthenticated(ENDED);
    if (!row.active) throw unauthenticated(problem('account_inactive'));
    let rights = this.rights.get(userId);
    if (rights?.version !== row.auth_version) {
      const roles = await this.roleList(this.db, row.role_group_id);
      rights = {
        version: row.auth_version,
        grants: grantsFromRoles(roles),
        branches: await this.branchScope(this.db, userId, row.all_branches),
      };
      this.rights.delete(userId);
      if (this.rights.size >= RIGHTS_CACHE_SIZE) {
        this.rights.delete(this.rights.keys().next().value as number);
      }
      this.rights.set(userId, rights);
    }
    return {
      id: userId,
      name: row.name,
      roleGroupId: row.role_group_id,
      grants: rights.grants,
      branches: rights.branches,
      sessionId,
    };
  }

  /**
   * Counts this attempt against each key in one atomic statement, before any password is checked,
   * so parallel attempts cannot all slip under the limit. A window ends when its lock (or, without
   * one, `lockMinutes` after its first attempt) has passed; then the count starts again.
   */
  private async countAttempt(emailKey: string, addressKey: string): Promise<Map<string, Counter>> {
    const { lockMinutes, maxFailures } = this.settings;
    const lock = sql`make_interval(mins => ${lockMinutes})`;
    const limit = sql`case when login_failures.key like 'ip:%' then ${maxFailures * ADDRESS_FACTOR}::int else ${maxFailures}::int end`;
    const over = sql`coalesce(login_failures.locked_until, login_failures.first_failed_at + ${lock}) <= now()`;
    const found = await rows<Counter & { key: string }>(
      this.db,
      sql`insert into login_failures (key, failures, first_failed_at)
          values (${emailKey}, 1, now()), (${addressKey}, 1, now())
          on conflict (key) do update set
            failures = case when ${over} then 1 else login_failures.failures + 1 end,
            first_failed_at = case when ${over} then now() else login_failures.first_failed_at end,
            locked_until = case
              when ${over} then null
              when login_failures.locked_until is null and login_failures.failures + 1 >= ${limit}
                then now() + ${lock}
              else login_failures.locked_until end
          returning key, failures, locked_until`,
    );
    // Sprayed e-mails and addresses leave rows behind: now and then drop those whose window ended.
    if (++this.attempts % 1000 === 0) {
      await this.db.execute(sql`delete from login_failures
        where coalesce(locked_until, first_failed_at + ${lock}) < now() - interval '1 day'`);
    }
    return new Map(found.map((r) => [r.key, r]));
  }

  private rateLimited(counter: Counter | undefined): ApiError {
    const { lockMinutes } = this.settings;
    const left = counter?.locked_until ? new Date(counter.locked_until).getTime() - Date.now() : 0;
    const minutes = left > 0 ? Math.min(Math.ceil(left / 60_000), lockMinutes) : lockMinutes;
    return new ApiError('RATE_LIMITED', problem('sign_in_locked', { minutes }));
  }

  private async checkPassword(stored: string | null, password: string): Promise<boolean> {
    const started = performance.now();
    const ok = await verifyPassword(stored, password);
    this.verifyMs = this.verifyMs * 0.8 + (performance.now() - started) * 0.2;
    return ok;
  }

  async login(email: string, password: string, ip: string): Promise<LoginResult> {
    const normalized = email.trim().toLowerCase();
    const emailKey = `email:${normalized}`;
    const addressKey = `ip:${ip}`;
    const counts = await this.countAttempt(emailKey, addressKey);
    const account = counts.get(emailKey);
    const address = counts.get(addressKey);
    // Over the e-mail's own limit: refused without checking anything (the same for unknown e-mails).
    if ((account?.failures ?? 0) > this.settings.maxFailures) throw this.rateLimited(account);
    const addressLocked = (address?.failures ?? 0) > this.settings.maxFailures * ADDRESS_FACTOR;
    const [user] = await this.db
      .select()
      .from(staff_users)
      .where(sql`lower(${staff_users.email}) = ${normalized}`)
      .limit(1);
    if (addressLocked && !user) {
      // Nothing to check, but take as long as a check would: the answer must not tell which
      // e-mails have accounts. Sleeping costs no CPU, which the address limit exists to save.
      await sleep(this.verifyMs);
      throw this.rateLimited(address);
    }
    const ok = await this.checkPassword(user?.password_hash ?? null, password);
    if (!user || !ok) {
      // From a locked-out address a wrong password answers exactly like an unknown e-mail; the
      // attempt still counted against the account's own limit.
      if (addressLocked) throw this.rateLimited(address);
      throw unauthenticated(WRONG);
    }
    // The right password: the account's failures are forgiven, and this attempt does not count
    // against the address (colleagues behind one address are not locked out by each other).
    await this.db.execute(sql`delete from login_failures where key = ${emailKey}`);
    await this.db.execute(
      sql`update login_failures set failures = greatest(failures - 1, 0) where key = ${addressKey}`,
    );
    if (!user.active) throw new ApiError('FORBIDDEN', problem('account_not_active_yet'));
    await this.db
      .update(staff_users)
      .set({ last_login_at: sql`now()` as never })
      .where(eq(staff_users.id, user.id));
    return this.db.transaction(async (tx) => {
      const sessionId = await this.openSession(tx, { userId: user.id });
      return this.issue(tx, user.id, sessionId);
    });
  }

  /** Opens a sign-in session (inside the caller's transaction): its id goes into every access token. */
  async openSession(db: DbOrTx, principal: Principal): Promise<number> {
    const [session] = await db
      .insert(auth_sessions)
      .values(principalColumns(principal))
      .returning({ id: auth_sessions.id });
    return session.id;
  }

  /**
   * A new refresh token of a session (its hash stored); `replacing` marks the rotated one as
   * replaced by it, which tells a late reuse (theft) from a first use.
   */
  async newRefreshToken(db: DbOrTx, principal: Principal, sessionId: number, replacing?: number) {
    const refresh = randomBytes(32).toString('base64url');
    const refreshExpires = new Date(Date.now() + this.settings.refreshTtlDays * 86_400_000);
    const [created] = await db
      .insert(refresh_tokens)
      .values({
        ...principalColumns(principal),
        session_id: sessionId,
        token_hash: sha256(refresh),
        expires_at: refreshExpires.toISOString(),
      })
      .returning({ id: refresh_tokens.id });
    if (replacing !== undefined) {
      await db
        .update(refresh_tokens)
        .set({ replaced_by_id: created.id })
        .where(eq(refresh_tokens.id, replacing));
    }
    return refresh;
  }

  /** Issues an access token and a new refresh token of a session (inside the caller's transaction). */
  private async issue(
    db: DbOrTx,
    userId: number,
    sessionId: number,
    replacing?: number,
  ): Promise<LoginResult> {
    const [user] = await db.select().from(staff_users).where(eq(staff_users.id, userId)).limit(1);
    if (!user?.active) throw unauthenticated(problem('account_inactive'));
    const roleList = await this.roleList(db, user.role_group_id);
    const branches = await this.branchScope(db, user.id, user.all_branches);
    const { token, expiresAt } = await this.tokens.sign({ id: user.id, sessionId });
    const refresh = await this.newRefreshToken(db, { userId: user.id }, sessionId, replacing);
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

  /**
   * Rotation: the presented token is used up atomically and its answer kept, sealed, for a short
   * grace window, so a second tab presenting it at the same moment gets the same pair. A rotated
   * token presented after the window suggests theft: every session of that user ends.
   */
  refresh(refreshToken: string): Promise<LoginResult> {
    return this.rotate(refreshToken, 'staff', (tx, used) =>
      this.issue(tx, used.user_id as number, used.session_id, used.id),
    );
  }

  /**
   * The rotation of either kind of session: a staff refresh token rotates only on the staff route, a
   * store's only on the store route; `issue` writes the new pair (with newRefreshToken).
   */
  async rotate<T>(
    refreshToken: string,
    kind: 'staff' | 'store',
    issue: (tx: DbOrTx, used: UsedRefresh) => Promise<T>,
  ): Promise<T> {
    const hash = sha256(refreshToken);
    const ofKind = kind === 'staff' ? sql`user_id is not null` : sql`customer_id is not null`;
    const result = await this.db.transaction(async (tx) => {
      const [used] = await tx
        .update(refresh_tokens)
        .set({ revoked_at: sql`now()` as never })
        .where(
          and(
            eq(refresh_tokens.token_hash, hash),
            isNull(refresh_tokens.revoked_at),
            sql`${refresh_tokens.expires_at} > now()`,
            sql`exists (select 1 from auth_sessions s where s.id = ${refresh_tokens.session_id} and s.revoked_at is null)`,
            ofKind,
          ),
        )
        .returning({
          id: refresh_tokens.id,
          user_id: refresh_tokens.user_id,
          customer_id: refresh_tokens.customer_id,
          session_id: refresh_tokens.session_id,
        });
      if (!used) return null;
      const pair = await issue(tx, used);
      await tx
        .update(refresh_tokens)
        .set({ successor_sealed: seal(pair, refreshToken) })
        .where(eq(refresh_tokens.id, used.id));
      // Answers kept for earlier rotations of this session are past use once their window is over.
      await tx.execute(sql`
        update refresh_tokens set successor_sealed = null
        where session_id = ${used.session_id} and successor_sealed is not null
          and revoked_at < now() - make_interval(secs => ${this.graceSeconds})`);
      return pair;
    });
    if (result) return result;

    const [row] = await rows<{
      user_id: number | null;
      customer_id: number | null;
      rotated: boolean;
      in_grace: boolean;
      successor_sealed: string | null;
      session_open: boolean;
    }>(
      this.db,
      sql`select t.user_id, t.customer_id, t.replaced_by_id is not null as rotated, t.successor_sealed,
                 t.revoked_at > now() - make_interval(secs => ${this.graceSeconds}) as in_grace,
                 s.revoked_at is null as session_open
          from refresh_tokens t join auth_sessions s on s.id = t.session_id
          where t.token_hash = ${hash} and t.${sql.raw(kind === 'staff' ? 'user_id' : 'customer_id')} is not null`,
    );
    if (row?.rotated && row.session_open) {
      if (row.in_grace && row.successor_sealed) {
        const pair = unseal<T>(row.successor_sealed, refreshToken);
        if (pair) return pair;
      } else {
        await this.endAllSessions(
          row.user_id !== null ? { userId: row.user_id } : { customerId: row.customer_id as number },
        );
      }
    }
    throw unauthenticated(problem('refresh_invalid'));
  }

  private async endSessions(where: ReturnType<typeof sql>) {
    await this.db.execute(sql`
      with ended as (
        update auth_sessions set revoked_at = now() where revoked_at is null and ${where} returning id
      )
      update refresh_tokens set successor_sealed = null
      where session_id in (select id from ended) and successor_sealed is not null`);
  }

  /** Ends every open session of a staff user or a store (a theft suspected, a store taken out of the app). */
  endAllSessions(principal: Principal) {
    return this.endSessions(principalWhere(principal));
  }

  /** Ends one session of a principal, or the session a refresh token of that principal belongs to. */
  endSession(principal: Principal, which: { sessionId?: number; refreshToken?: string }) {
    if (which.refreshToken) {
      return this.endSessions(
        sql`${principalWhere(principal)} and id = (select session_id from refresh_tokens where token_hash = ${sha256(which.refreshToken)})`,
      );
    }
    if (which.sessionId !== undefined) {
      return this.endSessions(sql`${principalWhere(principal)} and id = ${which.sessionId}`);
    }
  }

  /**
   * Ends the session a refresh token belongs to (when it is the caller's), else the caller's current
   * session; `everywhere` ends all of the caller's sessions.
   */
  async logout(user: AuthUser, body: { refresh_token?: string; everywhere?: boolean } = {}): Promise<void> {
    if (body.everywhere) return this.endAllSessions({ userId: user.id });
    return this.endSession(
      { userId: user.id },
      body.refresh_token ? { refreshToken: body.refresh_token } : { sessionId: user.sessionId },
    );
  }

  /**
   * An access request creates an inactive account. The answer is the same whether or not the e-mail
   * already has one, and takes as long (the password is hashed either way).
   */
  async register(body: RegisterBody): Promise<{ result: RegisterResult; createdId: number | null }> {
    const email = body.email.trim().toLowerCase();
    const passwordHash = await hashPassword(body.password);
    const [created] = await this.db
      .insert(staff_users)
      .values({
        name: body.name,
        email,
        phone_number: body.phone_number ?? '',
        password_hash: passwordHash,
        active: false,
        role_group_id: null,
      })
      .onConflictDoNothing()
      .returning({ id: staff_users.id });
    return { result: REGISTERED, createdId: created?.id ?? null };
  }
}
