import { Anchor, Burger, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { NAVBAR_ID } from './navbar-id.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { UserMenu } from './user-menu.tsx';

interface TopBarProps {
  user: SessionUser | undefined;
  withMenu: boolean;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** Top bar (part 1 section 2.3): burger, a menu with logout, the profile link only for role 2, the language switch. */
export function TopBar({ user, withMenu, menuOpened, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {withMenu && <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label={t('shell.toggle_menu')} aria-expanded={menuOpened} aria-controls={NAVBAR_ID} />}
        <Anchor component={Link} to="/" fw={700} c="inherit" underline="never">
          {t('app.name')}
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <LanguageSwitch />
        {user && <UserMenu user={user} />}
      </Group>
    </Group>
  );
}
