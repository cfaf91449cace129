import { Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { menuSectionsFor } from '#shared/routes.ts';
import { useSessionUser } from '../areas/session/use-session.ts';
import classes from './app-layout.module.css';
import { NAVBAR_ID } from './navbar-id.ts';
import { SideMenu } from './side-menu.tsx';
import { SnowDecoration } from './snow-decoration.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * While a Mantine modal locks the page's scroll, fixed bars carrying this class keep their place
 * (react-remove-scroll's `zeroRight` class, as Mantine's AppShell sets it, without importing it).
 */
const KEEP_CLEAR_OF_SCROLLBAR = 'right-scroll-bar-position';

/**
 * The shell of every screen except the public delivery page: top bar, drawer, footer. Plain
 * elements and CSS rather than Mantine's AppShell, which is heavy for the first load (ADR 0022).
 * Part 1 section 2.3: the drawer (side menu) is 280 wide (app-layout.module.css).
 */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const sections = user ? menuSectionsFor(user.role) : [];
  const withMenu = sections.length > 0;
  // Folded behind the burger (phones), the drawer is off screen: its links leave the Tab order too.
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const folded = phone && !opened;
  // Escape folds the drawer and gives the focus back to the burger that opened it.
  const foldToBurger = () => {
    close();
    document.querySelector<HTMLElement>(`[aria-controls="${NAVBAR_ID}"]`)?.focus();
  };

  return (
    <div className={classes.root} data-with-menu={withMenu || undefined}>
      <header className={`${classes.header} ${KEEP_CLEAR_OF_SCROLLBAR}`}>
        <TopBar user={user} withMenu={withMenu} menuOpened={opened} onToggleMenu={toggle} />
      </header>
      {withMenu && (
        <nav id={NAVBAR_ID} className={classes.navbar} data-opened={opened || undefined} aria-label={t('shell.main_menu')} inert={folded || undefined} onKeyDown={(e) => e.key === 'Escape' && phone && foldToBurger()}>
          <div className={classes.menu}>
            <SideMenu sections={sections} onNavigate={close} />
          </div>
        </nav>
      )}
      {withMenu && phone && opened && <div className={classes.backdrop} data-testid="menu-backdrop" aria-hidden onClick={close} />}
      <main className={classes.main}>
        <Outlet />
      </main>
      <footer className={`${classes.footer} ${KEEP_CLEAR_OF_SCROLLBAR}`}>
        <Text size="xs" c="dimmed" lh="36px">
          {t('app.copyright', { year: new Date().getFullYear() })}
        </Text>
        <SnowDecoration />
      </footer>
    </div>
  );
}
