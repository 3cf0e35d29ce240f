// React view of the stored session (re-renders on sign-in, refresh and sign-out, also from other tabs).
import { can, type PermissionArea } from '@lbo/contract/common';
import { useSyncExternalStore } from 'react';
import { getSession, heldSession, type Session, subscribeSession } from './session';

/** The signed-in session; while a save waits for signing in again, the one that ended (screens stay). */
const currentOrHeld = () => getSession() ?? heldSession();

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, currentOrHeld, currentOrHeld);
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
