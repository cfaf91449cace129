import { Button, Paper, UnstyledButton } from '@mantine/core';
import { useClickOutside, useId } from '@mantine/hooks';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Role } from '#shared/roles.ts';
import type { SessionUser } from '#shared/catalogue/session.ts';
import { useLogoutMutation } from '../areas/session/queries.ts';
import classes from './user-menu.module.css';

/**
 * The top-bar account menu (part 1 section 2.3): the profile link, shown only to role 2,
 * and logout. A small WAI-ARIA menu button rather than Mantine's Menu, which would bring
 * its floating-positioning engine into the first page (docs/decisions/0022-*).
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpened(false));
  const listRef = useRef<HTMLDivElement>(null);

  const logout = useLogoutMutation(async () => {
    await navigate({ to: '/login', replace: true });
  });

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (opened) items()[0]?.focus();
  }, [opened]);

  const close = () => {
    setOpened(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') close();
    else if (event.key === 'ArrowDown') all[(index + 1) % all.length]?.focus();
    else if (event.key === 'ArrowUp') all[(index - 1 + all.length) % all.length]?.focus();
    else if (event.key === 'Home') all[0]?.focus();
    else if (event.key === 'End') all[all.length - 1]?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div ref={rootRef} className={classes.root}>
      <Button
        ref={buttonRef}
        variant="default"
        size="sm"
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={() => setOpened((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpened(true);
          }
        }}
      >
        {user.firstname} {user.lastname}
      </Button>
      {opened && (
        <Paper ref={listRef} id={menuId} role="menu" aria-label={t('shell.user_menu')} shadow="md" withBorder className={classes.dropdown} onKeyDown={onKeyDown}>
          {user.role === Role.admin && (
            <UnstyledButton component={Link} to={`/users/edit/${user.id}`} role="menuitem" tabIndex={-1} className={classes.item} onClick={() => setOpened(false)}>
              {t('shell.profile')}
            </UnstyledButton>
          )}
          <UnstyledButton
            role="menuitem"
            tabIndex={-1}
            className={classes.item}
            disabled={logout.isPending}
            onClick={() => {
              setOpened(false);
              logout.mutate();
            }}
          >
            {t('shell.logout')}
          </UnstyledButton>
        </Paper>
      )}
    </div>
  );
}
