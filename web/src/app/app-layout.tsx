import { AppShell, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { menuSectionsFor } from '#shared/routes.ts';
import { useSessionUser } from '../areas/session/use-session.ts';
import { NAVBAR_ID } from './navbar-id.ts';
import { SideMenu } from './side-menu.tsx';
import { SnowDecoration } from './snow-decoration.tsx';
import { TopBar } from './top-bar.tsx';

/** Part 1 section 2.3: the drawer (side menu) is 280 wide. */
export const DRAWER_WIDTH = 280;

/** The shell of every screen except the public delivery page. */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const sections = user ? menuSectionsFor(user.role) : [];
  const withMenu = sections.length > 0;
  // Folded behind the burger (phones), the drawer is off screen: its links leave the Tab order too.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const folded = phone && !opened;

  return (
    <AppShell
      header={{ height: 56 }}
      footer={{ height: 36 }}
      navbar={withMenu ? { width: DRAWER_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}
      padding={{ base: 'xs', sm: 'md' }}
    >
      <AppShell.Header>
        <TopBar user={user} withMenu={withMenu} menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      {withMenu && (
        <AppShell.Navbar id={NAVBAR_ID} p="xs" aria-label={t('shell.main_menu')} inert={folded || undefined}>
          {/* Sections opened one after the other can outgrow the screen: they scroll inside the drawer instead of running under the footer. */}
          <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
            <SideMenu sections={sections} onNavigate={close} />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Text size="xs" c="dimmed" lh="36px">
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Text>
        <SnowDecoration />
      </AppShell.Footer>
    </AppShell>
  );
}
