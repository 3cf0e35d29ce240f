// Staff: users, roles (one permission area with its actions), role groups, branch/region scope,
// sessions and their refresh tokens, sign-in throttling and the audit log of staff writes.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps, timestamptz } from './common';
import { customers } from './customers';
import { branches, regions } from './organisation';

/** One permission area with its actions (view, create, update, delete). */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: text('name').notNull(),
    area: text('area').notNull(),
    description: text('description').notNull().default(''),
    can_view: boolean('can_view').notNull().default(true),
    can_create: boolean('can_create').notNull().default(false),
    can_update: boolean('can_update').notNull().default(false),
    can_delete: boolean('can_delete').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.name), index('roles_area_idx').on(t.area)],
);

/** A named set of roles given to staff users. */
export const role_groups = pgTable(
  'role_groups',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps(),
  },
  (t) => [uniqueIndex('role_groups_name_uq').on(t.name)],
);

/** A role in a role group. */
export const role_group_roles = pgTable(
  'role_group_roles',
  {
    role_group_id: integer('role_group_id')
      .notNull()
      .references(() => role_groups.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [
    primaryKey({ columns: [t.role_group_id, t.role_id] }),
    index('role_group_roles_role_idx').on(t.role_id),
  ],
);

/** A back-office user (argon2id password hash only). */
export const staff_users = pgTable(
  'staff_users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    phone_number: text('phone_number').notNull().default(''),
    role_group_id: integer('role_group_id').references(() => role_groups.id),
    /** true: sees every branch; false: only staff_user_branches and the branches of staff_user_regions. */
    all_branches: boolean('all_branches').notNull().default(false),
    active: boolean('active').notNull().default(true),
    last_login_at: timestamptz('last_login_at'),
    /**
     * Raised by database triggers whenever what a token may do changes (active, role group, its roles,
     * a role's rights, branches, regions): API processes cache rights per (user, auth_version).
     */
    auth_version: integer('auth_version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('staff_users_email_uq').on(sql`lower(${t.email})`),
    index('staff_users_role_group_idx').on(t.role_group_id),
    check('staff_users_email_ck', sql`position('@' in ${t.email}) > 1`),
  ],
);

/** A branch in a staff user's scope (when the user does not see every branch). */
export const staff_user_branches = pgTable(
  'staff_user_branches',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => staff_users.id, { onDelete: 'cascade' }),
    branch_id: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.branch_id] }),
    index('staff_user_branches_branch_idx').on(t.branch_id),
  ],
);

/** A region in a staff user's scope (when the user does not see every branch). */
export const staff_user_regions = pgTable(
  'staff_user_regions',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => staff_users.id, { onDelete: 'cascade' }),
    region_id: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.region_id] }),
    index('staff_user_regions_region_idx').on(t.region_id),
  ],
);

/**
 * One per sign-in; its id is the `sid` of every access token it issues. Revoked = signed out.
 * Exactly one of user_id (a staff user) and customer_id (a store in the companion app) is set:
 * both kinds share the session and refresh-token machinery, their tokens differ by audience.
 */
export const auth_sessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    user_id: integer('user_id').references(() => staff_users.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
    revoked_at: timestamptz('revoked_at'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.user_id),
    index('auth_sessions_customer_idx').on(t.customer_id).where(sql`${t.customer_id} is not null`),
    check('auth_sessions_principal_ck', sql`num_nonnulls(${t.user_id}, ${t.customer_id}) = 1`),
  ],
);

/** A single-use refresh token of a session (its sha-256 only); user_id or customer_id as its session's. */
export const refresh_tokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    user_id: integer('user_id').references(() => staff_users.id, { onDelete: 'cascade' }),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    session_id: integer('session_id')
      .notNull()
      .references(() => auth_sessions.id, { onDelete: 'cascade' }),
    /** sha-256 of the token; the token itself is never stored. */
    token_hash: text('token_hash').notNull().unique(),
    expires_at: timestamptz('expires_at').notNull(),
    revoked_at: timestamptz('revoked_at'),
    replaced_by_id: integer('replaced_by_id'),
    /**
     * The answer this token's rotation gave, encrypted with a key derived from the token itself, so a
     * second tab presenting it within the grace window gets the same pair; cleared after the window.
     */
    successor_sealed: text('successor_sealed'),
    created_at: timestamptz('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('refresh_tokens_user_idx').on(t.user_id),
    index('refresh_tokens_customer_idx').on(t.customer_id).where(sql`${t.customer_id} is not null`),
    index('refresh_tokens_session_idx').on(t.session_id),
    check('refresh_tokens_principal_ck', sql`num_nonnulls(${t.user_id}, ${t.customer_id}) = 1`),
  ],
);

/** Failed sign-ins per e-mail or address, for throttling. */
export const login_failures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  first_failed_at: timestamptz('first_failed_at').notNull().default(sql`now()`),
  locked_until: timestamptz('locked_until'),
});

/**
 * Request counts shared by every API process (http/rate-limit.ts): one row per key (`user:<id>`,
 * `register:<address>`), counting hits until `window_end`, when the next hit starts a new window.
 */
export const rate_limit_counters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  window_end: timestamptz('window_end').notNull(),
});

/** One staff write: who changed which record, before and after. */
export const audit_log = pgTable(
  'audit_log',
  {
    id: id(),
    user_id: integer('user_id').references(() => staff_users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: timestamptz('at').notNull().default(sql`now()`),
    /**
     * The branch of the record the entry is about, taken at write time from its resource's scope rule
     * (http/audit.ts), so the entry stays visible to that branch after the record is gone. NULL: data
     * of no branch (staff, roles, items, a promo for every branch): shown only to users who see every branch.
     */
    branch_id: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.at),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_idx').on(t.user_id, t.at),
    index('audit_log_branch_idx').on(t.branch_id, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/**
 * A list's saved state (filters, sort, columns) under a name, per staff user and list; the state is
 * the JSON the contract's SavedViewState checks.
 */
export const saved_views = pgTable(
  'saved_views',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => staff_users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    state: jsonb('state').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('saved_views_user_list_name_uq').on(t.user_id, t.list, t.name)],
);
