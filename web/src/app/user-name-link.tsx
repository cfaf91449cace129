import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pathOf } from '#shared/routes.ts';
import { isAdminLevel } from '#shared/roles.ts';
import { useSessionUser } from '../areas/session/use-session.ts';

/**
 * A person's name: a link to their user form for whoever may open it (the admin levels, or the
 * person themself: part 2 §6), plain text for the others, who would read 'user does not exist' there.
 */
export function UserNameLink({ userId, children }: { userId: number; children: ReactNode }) {
  const me = useSessionUser();
  if (!me || !(isAdminLevel(me.role) || me.id === userId)) return <>{children}</>;
  return (
    <Anchor component={Link} to={pathOf('users_edit').replace('$id', String(userId))}>
      {children}
    </Anchor>
  );
}
