import { NavLink } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '#shared/routes.ts';

/** The side menu of the role, exactly menuFor(role) (part 1 section 2.3). */
export function SideMenu({ entries, onNavigate }: { entries: readonly MenuEntry[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      {entries.map((entry) => (
        <NavLink
          key={entry.to}
          component={Link}
          to={entry.to}
          label={t(entry.labelKey)}
          active={pathname === entry.to || pathname.startsWith(`${entry.to}/`)}
          onClick={onNavigate}
        />
      ))}
    </>
  );
}
