// First start without demo data: the roles for every permission area, a "Super Admin" role group
// and the first staff user from ADMIN_EMAIL / ADMIN_PASSWORD. Does nothing once any staff user exists.
import { PERMISSION_AREAS } from '@lbo/contract/common';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { role_group_roles, role_groups, roles, staff_users } from '../../db/schema/staff';
import { hashPassword } from '../../http/password';

const title = (area: string) => area.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export async function ensureSuperAdmin(db: DbOrTx, email: string, password: string): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(staff_users);
  if (Number(n) > 0) return false;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(
        PERMISSION_AREAS.map((area) => ({
          name: `${title(area)} – full`,
          area,
          description: `View, create, update and delete ${area.replace(/_/g, ' ')} data`,
          can_view: true,
          can_create: true,
          can_update: true,
          can_delete: true,
        })),
      )
      .onConflictDoNothing();
    const [existing] = await tx
      .select({ id: role_groups.id })
      .from(role_groups)
      .where(eq(role_groups.name, 'Super Admin'));
    const group =
      existing ??
      (
        await tx
          .insert(role_groups)
          .values({ name: 'Super Admin', description: 'Every action in every area' })
          .returning({ id: role_groups.id })
      )[0];
    await tx.execute(sql`
      insert into ${role_group_roles} (role_group_id, role_id)
      select ${group.id}, id from ${roles} where can_view and can_create and can_update and can_delete
      on conflict do nothing`);
    await tx.insert(staff_users).values({
      name: 'Administrator',
      email: email.toLowerCase(),
      password_hash: passwordHash,
      role_group_id: group.id,
      all_branches: true,
      active: true,
    });
  });
  return true;
}
