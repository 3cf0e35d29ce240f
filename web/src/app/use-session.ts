// React view of the stored session (re-renders on sign-in, refresh and sign-out, also from other tabs).
import { can, type PermissionArea } from '@lbo/contract/common';
import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export type Permissions = { view: boolean; create: boolean; update: boolean; delete: boolean };

export function permissionsOf(session: Session | null, area: PermissionArea): Permissions {
  const roles = session?.role_list ?? [];
  return {
    view: can(roles, area, 'view'),
    create: can(roles, area, 'create'),
    update: can(roles, area, 'update'),
    delete: can(roles, area, 'delete'),
  };
}

export function usePermissions(area: PermissionArea): Permissions {
  return permissionsOf(useSession(), area);
}
