import type { OperationDef } from '#shared/catalogue/index.ts';
import type { RoleId } from '#shared/roles.ts';

/** Whether the catalogue lets this caller (a role, or anonymous) call the operation. */
export function mayCall(op: OperationDef, role: RoleId | undefined): boolean {
  if (op.access === 'public') return true;
  if (role === undefined) return false;
  return op.access === 'authenticated' || op.access.includes(role);
}
