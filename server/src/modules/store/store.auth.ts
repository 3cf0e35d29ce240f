// Store sign-in for the companion app: one-time codes by phone number, the store sessions (the staff
// session and refresh-token machinery of AuthService, under the store audience), and the per-request
// check that also records registration, last seen and the app version.
import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { StoreChoice, StoreLoginResult } from '@lbo/contract/store';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, rows } from '../../db/client';
import type { AuthStore, StoreSessionResolver, TokenService } from '../../http/auth';
import { ApiError, notFound, problem, unauthenticated } from '../../http/errors';
import type { OtpAdapter } from './store.otp';

export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_FAILURES = 5;
/** Codes one phone number may ask for per window. */
export const OTP_PER_PHONE = 3;
/** Codes one network address may ask for per window (a shop's shared connection, a carrier's NAT). */
export const OTP_PER_ADDRESS = 30;
export const OTP_WINDOW_MINUTES = 15;
/** Last seen and the app version are written at most this often per store. */
const TOUCH_SECONDS = 60;
const TOUCH_CACHE_SIZE = 50_000;

const WRONG_CODE = problem('otp_wrong_code');
const ENDED = problem('session_ended');

/** Several stores share the number: the 409 that lists them (the route answers it with `stores`). */
export class StoreChoiceRequired extends ApiError {
  constructor(readonly stores: StoreChoice[]) {
    super('CONFLICT', problem('store_choose', undefined, 'customer_id'));
  }
}

type StoreRow = StoreChoice & { active: boolean; show_in_app: boolean };

const printable = (s: unknown, max: number) =>
  typeof s === 'string' ? s.replace(/[^\x20-\x7e]/g, '').slice(0, max) : '';

type StorePrincipal = { customerId: number };
/** The refresh token a rotation used (what `issue` builds the new pair from). */
type UsedRefresh = { id: number; customer_id: number | null; session_id: number };
/**
 * What a store's sign-in needs of the staff session machinery (sessions, single-use refresh tokens,
 * revocation): the auth module's AuthService, handed in where the app composes its services.
 */
export type SessionMachinery = {
  openSession(db: DbOrTx, principal: StorePrincipal): Promise<number>;
  newRefreshToken(
    db: DbOrTx,
    principal: StorePrincipal,
    sessionId: number,
    replacing?: number,
  ): Promise<string>;
  rotate<T>(
    refreshToken: string,
    kind: 'store',
    issue: (tx: DbOrTx, used: UsedRefresh) => Promise<T>,
  ): Promise<T>;
  endSession(
    principal: StorePrincipal,
    which: { sessionId?: number; refreshToken?: string },
  ): Promise<void> | undefined;
  endAllSessions(principal: StorePrincipal): Promise<void>;
};

export class StoreAuthService implements StoreSessionResolver {
  private readonly codeKey: Buffer;
  /** customer id -> when this process last wrote its last seen (the database decides across processes). */
  private readonly touched = new Map<number, number>();
  private requests = 0;

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly auth: SessionMachinery,
    private readonly otp: OtpAdapter,
    secret: string,
  ) {
    this.codeKey = Buffer.from(hkdfSync('sha256', secret, 'lbo-store-otp', 'code', 32));
  }

  /** Codes are kept as a keyed hash: a copy of the table does not give them away, even by trying all 10^6. */
  private hash(phone: string, code: string): string {
    return createHmac('sha256', this.codeKey).update(`${phone}:${code}`).digest('hex');
  }

  /**
   * Counts this request against the number and the address in one atomic statement (the row locks
   * order a burst), before anything else: a burst cannot slip under the limit, and the answer is the
   * same for numbers that are no store's.
   */
  private async countRequest(phone: string, ip: string): Promise<void> {
    const window = sql`make_interval(mins => ${OTP_WINDOW_MINUTES})`;
    const over = sql`login_failures.first_failed_at + ${window} <= now()`;
    const counts = await rows<{ key: string; failures: number; first_failed_at: string }>(
      this.db,
      sql`insert into login_failures (key, failures, first_failed_at)
          values (${`otp-phone:${phone}`}, 1, now()), (${`otp-ip:${ip}`}, 1, now())
          on conflict (key) do update set
            failures = case when ${over} then 1 else login_failures.failures + 1 end,
            first_failed_at = case when ${over} then now() else login_failures.first_failed_at end
          returning key, failures, first_failed_at`,
    );
    for (const c of counts) {
      const limit = c.key.startsWith('otp-phone:') ? OTP_PER_PHONE : OTP_PER_ADDRESS;
      if (c.failures > limit) {
        const left = new Date(c.first_failed_at).getTime() + OTP_WINDOW_MINUTES * 60_000 - Date.now();
        const minutes = Math.max(1, Math.ceil(left / 60_000));
        throw new ApiError('RATE_LIMITED', problem('otp_too_many', { minutes }));
      }
    }
  }

  /** POST /store/auth/otp: a code for a number that signs in to a store; the same answer for any number. */
  async requestCode(phone: string, ip: string): Promise<{ sent: true; expires_in: number }> {
    await this.countRequest(phone, ip);
    if (++this.requests % 1000 === 0) {
      await this.db.execute(sql`delete from store_otp_codes where expires_at < now() - interval '1 day'`);
    }
    const [store] = await rows<{ id: number }>(
      this.db,
      sql`select id from customers where phone_number = ${phone} and active and show_in_app limit 1`,
    );
    if (store) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.db.execute(
        sql`insert into store_otp_codes (phone_number, code_hash, expires_at)
            values (${phone}, ${this.hash(phone, code)}, now() + make_interval(secs => ${OTP_TTL_SECONDS}))`,
      );
      await this.otp.send(phone, code);
    }
    return { sent: true, expires_in: OTP_TTL_SECONDS };
  }

  private storesOf(db: DbOrTx, phone: string): Promise<StoreRow[]> {
    return rows<StoreRow>(
      db,
      sql`select id as customer_id, customer_name, customer_code, active, show_in_app
          from customers where phone_number = ${phone} order by customer_name, id`,
    );
  }

  /**
   * POST /store/auth. The number's newest code is checked in one conditional statement that counts a
   * wrong code (at most OTP_MAX_FAILURES, under the row lock, so parallel guesses cannot exceed it);
   * the code is used up only when a session is issued, so the several-stores answer can be followed
   * by the choice with the same code.
   */
  async signIn(
    phone: string,
    code: string,
    customerId: number | undefined,
    req: FastifyRequest,
  ): Promise<StoreLoginResult> {
    const hash = this.hash(phone, code);
    const [checked] = await rows<{ id: number; ok: boolean }>(
      this.db,
      sql`update store_otp_codes
          set failures = failures + case when code_hash = ${hash} then 0 else 1 end
          where id = (select id from store_otp_codes where phone_number = ${phone} order by id desc limit 1)
            and used_at is null and expires_at > now() and failures < ${OTP_MAX_FAILURES}
          returning id, code_hash = ${hash} as ok`,
    );
    if (!checked?.ok) throw unauthenticated(WRONG_CODE);
    const all = await this.storesOf(this.db, phone);
    const open = all.filter((s) => s.active && s.show_in_app);
    let chosen: StoreRow | undefined;
    if (customerId !== undefined) {
      chosen = open.find((s) => s.customer_id === customerId);
      if (!chosen) {
        // A store of this number that may not sign in answers as a wrong code does; any other id is
        // no store of this number.
        if (all.some((s) => s.customer_id === customerId)) throw unauthenticated(WRONG_CODE);
        throw notFound(problem('not_found', { thing: 'store', id: customerId }, 'customer_id'));
      }
    } else if (open.length > 1) {
      throw new StoreChoiceRequired(open.map(choice));
    } else {
      chosen = open[0];
    }
    if (!chosen) throw unauthenticated(WRONG_CODE);
    const store = chosen;
    return this.db.transaction(async (tx) => {
      const [used] = await rows<{ id: number }>(
        tx,
        sql`update store_otp_codes set used_at = now() where id = ${checked.id} and used_at is null returning id`,
      );
      if (!used) throw unauthenticated(WRONG_CODE);
      // The first sign-in registers the store: the registered-stores dashboard and the activation
      // report count registered_at, the "installed" filters count installed.
      await tx.execute(
        sql`update customers set installed = true, registered_at = coalesce(registered_at, now())
            where id = ${store.customer_id} and (not installed or registered_at is null)`,
      );
      await tx.execute(
        sql`insert into customer_activities (customer_id, activity, device, app_version, ip)
            values (${store.customer_id}, 'sign_in', ${printable(req.headers['user-agent'], 200)},
                    ${printable(req.headers['x-app-version'], 40)}, ${req.ip})`,
      );
      const sessionId = await this.auth.openSession(tx, { customerId: store.customer_id });
      return this.issue(tx, store.customer_id, sessionId, open.map(choice));
    });
  }

  private async issue(
    db: DbOrTx,
    customerId: number,
    sessionId: number,
    stores: StoreChoice[] | null,
    replacing?: number,
  ): Promise<StoreLoginResult> {
    const [store] = await rows<StoreRow & { phone_number: string }>(
      db,
      sql`select id as customer_id, customer_name, customer_code, active, show_in_app, phone_number
          from customers where id = ${customerId}`,
    );
    if (!store?.active || !store.show_in_app) throw unauthenticated(ENDED);
    const list =
      stores ??
      (await this.storesOf(db, store.phone_number)).filter((s) => s.active && s.show_in_app).map(choice);
    const { token, expiresAt } = await this.tokens.sign({ id: customerId, sessionId });
    const refresh = await this.auth.newRefreshToken(db, { customerId }, sessionId, replacing);
    return {
      token,
      refresh_token: refresh,
      expired_date: expiresAt.toISOString(),
      customer_id: store.customer_id,
      customer_name: store.customer_name,
      customer_code: store.customer_code,
      stores: list,
    };
  }

  /** POST /store/auth/refresh: the staff rotation (single use, grace window, reuse ends every session). */
  refresh(refreshToken: string): Promise<StoreLoginResult> {
    return this.auth.rotate(refreshToken, 'store', (tx, used) =>
      this.issue(tx, used.customer_id as number, used.session_id, null, used.id),
    );
  }

  /** POST /store/auth/logout: ends the caller's session (or the one its refresh token belongs to). */
  async logout(store: AuthStore, refreshToken?: string): Promise<void> {
    await this.auth.endSession(
      { customerId: store.customerId },
      refreshToken ? { refreshToken } : { sessionId: store.sessionId },
    );
  }

  /**
   * Every store request: one indexed lookup of the session and its store. A store deactivated or
   * taken out of the app has its sessions ended here, on its next request.
   */
  async resolve(customerId: number, sessionId: number, req: FastifyRequest): Promise<AuthStore> {
    const [row] = await rows<{
      customer_code: string;
      customer_name: string;
      branch_id: number;
      allowed: boolean;
      revoked: boolean;
    }>(
      this.db,
      sql`select c.customer_code, c.customer_name, c.branch_id, c.active and c.show_in_app as allowed,
                 s.revoked_at is not null as revoked
          from auth_sessions s join customers c on c.id = s.customer_id
          where s.id = ${sessionId} and s.customer_id = ${customerId}`,
    );
    if (!row || row.revoked) throw unauthenticated(ENDED);
    if (!row.allowed) {
      await this.auth.endAllSessions({ customerId });
      throw unauthenticated(ENDED);
    }
    await this.touch(customerId, req);
    return {
      customerId,
      sessionId,
      customerCode: row.customer_code,
      customerName: row.customer_name,
      branchId: row.branch_id,
    };
  }

  /**
   * Last seen and the app version, at most once a minute per store: one conditional statement (the
   * row lock and the re-checked condition let one of any number of parallel requests, in any number
   * of processes, write), skipped without a round trip when this process wrote within the minute.
   * The version goes into an activity row, where the last-seen report reads it.
   */
  private async touch(customerId: number, req: FastifyRequest): Promise<void> {
    const now = Date.now();
    const last = this.touched.get(customerId);
    if (last !== undefined && now - last < TOUCH_SECONDS * 1000) return;
    this.touched.delete(customerId);
    if (this.touched.size >= TOUCH_CACHE_SIZE) {
      this.touched.delete(this.touched.keys().next().value as number);
    }
    this.touched.set(customerId, now);
    const version = printable(req.headers['x-app-version'], 40);
    const device = printable(req.headers['user-agent'], 200);
    await this.db.execute(sql`
      with touched as (
        update customers set last_seen_at = now()
        where id = ${customerId}
          and (last_seen_at is null or last_seen_at < now() - make_interval(secs => ${TOUCH_SECONDS}))
        returning id
      )
      insert into customer_activities (customer_id, activity, device, app_version, ip)
      select id, 'app_open', ${device}, ${version}, ${req.ip} from touched`);
  }
}

const choice = (s: StoreChoice): StoreChoice => ({
  customer_id: s.customer_id,
  customer_name: s.customer_name,
  customer_code: s.customer_code,
});
