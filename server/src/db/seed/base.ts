// Access control every seeded database gets: one "full" and one "view" role per permission area,
// the "Super Admin" and "Branch Staff" role groups, the super admin and the demo branch user.
// Idempotent: what exists already is left as it is.
import { PERMISSION_AREAS } from '@lbo/contract/common';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../http/password';
import type { DbOrTx } from '../client';
import { branches } from '../schema/organisation';
import { role_group_roles, role_groups, roles, staff_user_branches, staff_users } from '../schema/staff';

export const BRANCH_USER = { email: 'branch@example.com', password: 'branch123' } as const;

/** "staff_user" -> "Staff user", the naming ensureSuperAdmin uses too. */
const title = (area: string) => area.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const words = (area: string) => area.replace(/_/g, ' ');

async function ensureRoleGroup(db: DbOrTx, name: string, description: string): Promise<number> {
  await db.insert(role_groups).values({ name, description }).onConflictDoNothing();
  const [row] = await db.select({ id: role_groups.id }).from(role_groups).where(eq(role_groups.name, name));
  return row.id;
}

async function ensureUser(
  db: DbOrTx,
  user: { name: string; email: string; password: string; role_group_id: number; all_branches: boolean },
): Promise<number> {
  const email = user.email.toLowerCase();
  const [existing] = await db
    .select({ id: staff_users.id })
    .from(staff_users)
    .where(sql`lower(${staff_users.email}) = ${email}`);
  if (existing) return existing.id;
  const [created] = await db
    .insert(staff_users)
    .values({
      name: user.name,
      email,
      password_hash: await hashPassword(user.password),
      role_group_id: user.role_group_id,
      all_branches: user.all_branches,
      active: true,
    })
    .returning({ id: staff_users.id });
  return created.id;
}

export async function seedAccessControl(
  db: DbOrTx,
  opts: { adminEmail: string; adminPassword: string },
): Promise<{ adminId: number; branchUserId: number; superAdminGroupId: number; branchStaffGroupId: number }> {
  await db
    .insert(roles)
    .values([
      ...PERMISSION_AREAS.map((area) => ({
        name: `${title(area)} – full`,
        area,
        description: `View, create, update and delete ${words(area)} data`,
        can_view: true,
        can_create: true,
        can_update: true,
        can_delete: true,
      })),
      ...PERMISSION_AREAS.map((area) => ({
        name: `${title(area)} – view`,
        area,
        description: `View ${words(area)} data`,
        can_view: true,
        can_create: false,
        can_update: false,
        can_delete: false,
      })),
      {
        name: 'Customer – edit',
        area: 'customer',
        description: 'View, create and update customers (no delete)',
        can_view: true,
        can_create: true,
        can_update: true,
        can_delete: false,
      },
    ])
    .onConflictDoNothing();

  const superAdminGroupId = await ensureRoleGroup(db, 'Super Admin', 'Every action in every area');
  const branchStaffGroupId = await ensureRoleGroup(
    db,
    'Branch Staff',
    'Views every area of their branches; creates and updates customers',
  );
  await db.execute(sql`
    insert into ${role_group_roles} (role_group_id, role_id)
    select ${superAdminGroupId}::int, id from ${roles} where name like '% – full'
    union all
    select ${branchStaffGroupId}::int, id from ${roles} where name like '% – view' or name = 'Customer – edit'
    on conflict do nothing`);

  const adminId = await ensureUser(db, {
    name: 'Administrator',
    email: opts.adminEmail,
    password: opts.adminPassword,
    role_group_id: superAdminGroupId,
    all_branches: true,
  });
  const branchUserId = await ensureUser(db, {
    name: 'Staf Cabang Bandung',
    email: BRANCH_USER.email,
    password: BRANCH_USER.password,
    role_group_id: branchStaffGroupId,
    all_branches: false,
  });
  // The branch user sees two branches: Bandung and Bekasi in the demo data, else the first two.
  const two = await db
    .select({ id: branches.id })
    .from(branches)
    .orderBy(sql`${branches.code} in ('BDG', 'BKS') desc`, branches.id)
    .limit(2);
  if (two.length > 0) {
    await db
      .insert(staff_user_branches)
      .values(two.map((b) => ({ user_id: branchUserId, branch_id: b.id })))
      .onConflictDoNothing();
  }
  return { adminId, branchUserId, superAdminGroupId, branchStaffGroupId };
}
