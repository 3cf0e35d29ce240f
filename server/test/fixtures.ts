// Factories shared by the tests: a small organisation, roles, and the two kinds of staff user.
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../src/db/client';
import {
  branches,
  partners,
  region_groups,
  regions,
  salesman_types,
  salesmen,
} from '../src/db/schema/organisation';
import {
  role_group_roles,
  role_groups,
  roles,
  staff_user_branches,
  staff_users,
} from '../src/db/schema/staff';
import { hashPassword } from '../src/http/password';
import { ensureSuperAdmin } from '../src/modules/staff/bootstrap';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const BRANCH_USER = { email: 'branch@example.com', password: 'branch123' };
export const VIEWER = { email: 'viewer@example.com', password: 'viewer123' };

export type Fixture = Awaited<ReturnType<typeof seedFixture>>;

export async function seedFixture(db: DbOrTx) {
  await ensureSuperAdmin(db, ADMIN.email, ADMIN.password);
  const [jabar, jatim] = await db
    .insert(region_groups)
    .values([
      { code: 'JBR', name: 'Jawa Barat' },
      { code: 'JTM', name: 'Jawa Timur' },
    ])
    .returning();
  const [bdg, sby] = await db
    .insert(regions)
    .values([
      { code: 'BDG', name: 'Bandung Raya', region_group_id: jabar.id },
      { code: 'SBY', name: 'Surabaya Raya', region_group_id: jatim.id },
    ])
    .returning();
  const [b1, b2, b3] = await db
    .insert(branches)
    .values([
      { code: 'BR-BDG', name: 'Cabang Bandung', region_id: bdg.id, city: 'Bandung' },
      { code: 'BR-CMH', name: 'Cabang Cimahi', region_id: bdg.id, city: 'Cimahi' },
      { code: 'BR-SBY', name: 'Cabang Surabaya', region_id: sby.id, city: 'Surabaya' },
    ])
    .returning();
  const [canvas] = await db
    .insert(salesman_types)
    .values([
      { code: 'CNV', name: 'Canvas' },
      { code: 'TO', name: 'Taking Order' },
    ])
    .returning();
  const salesmanRows = await db
    .insert(salesmen)
    .values([
      {
        salesman_code: 'S-001',
        salesman_name: 'Budi Santoso',
        branch_id: b1.id,
        salesman_type_id: canvas.id,
      },
      {
        salesman_code: 'S-002',
        salesman_name: 'Agus Pratama',
        branch_id: b2.id,
        salesman_type_id: canvas.id,
      },
      { salesman_code: 'S-003', salesman_name: 'Siti Rahayu', branch_id: b3.id, salesman_type_id: canvas.id },
      { salesman_code: 'S-004', salesman_name: 'Dewi Lestari', branch_id: b3.id },
    ])
    .returning();
  await db.insert(partners).values([
    { partner_code: 'P-001', partner_name: 'PT Sinar Logistik', branch_id: b1.id },
    { partner_code: 'P-002', partner_name: 'CV Maju Jaya', branch_id: b3.id },
    { partner_code: 'P-003', partner_name: 'PT Nusantara Data' },
  ]);

  // Branch staff: view everything, edit customers, delete nothing.
  const viewRoles = await db
    .insert(roles)
    .values(
      ['branch', 'salesman', 'partner', 'region', 'customer', 'staff_user', 'role'].map((area) => ({
        name: `${area} – view`,
        area,
        can_view: true,
      })),
    )
    .returning();
  const [branchGroup] = await db.insert(role_groups).values({ name: 'Branch Staff' }).returning();
  await db
    .insert(role_group_roles)
    .values(viewRoles.map((r) => ({ role_group_id: branchGroup.id, role_id: r.id })));
  const [branchUser] = await db
    .insert(staff_users)
    .values({
      name: 'Staf Cabang',
      email: BRANCH_USER.email,
      password_hash: await hashPassword(BRANCH_USER.password),
      role_group_id: branchGroup.id,
      all_branches: false,
    })
    .returning();
  await db.insert(staff_user_branches).values([
    { user_id: branchUser.id, branch_id: b1.id },
    { user_id: branchUser.id, branch_id: b2.id },
  ]);
  // A user with no role at all: every area answers 403.
  await db.insert(staff_users).values({
    name: 'Tanpa Peran',
    email: VIEWER.email,
    password_hash: await hashPassword(VIEWER.password),
    role_group_id: null,
    all_branches: true,
  });
  const [{ admin_id }] = await rows<{ admin_id: number }>(
    db,
    sql`select id as admin_id from staff_users where email = ${ADMIN.email}`,
  );
  return {
    adminId: admin_id,
    branchUserId: branchUser.id,
    branchGroupId: branchGroup.id,
    regionGroups: { jabar, jatim },
    regions: { bdg, sby },
    branches: { b1, b2, b3 },
    salesmen: salesmanRows,
    salesmanTypeId: canvas.id,
  };
}
