import { UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeMenuEntry, type MenuSection } from '#shared/routes.ts';
import classes from './side-menu.module.css';

/**
 * The side menu of the role (part 1 section 2.3): menuSectionsFor(role). A short menu is one list;
 * a long one is grouped into sections that open and close (the section of the current place is
 * open), so it fits a laptop screen and scrolls inside the drawer when more are opened. The current
 * place is always highlighted, sub-routes included (docs/decisions/0111-grouped-side-menu.md). Entries
 * are plain links styled as Mantine's NavLink, whose collapse machinery stays out of the first load (ADR 0022).
 */
export function SideMenu({ sections, onNavigate }: { sections: readonly MenuSection[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeMenuEntry(
    sections.flatMap((s) => s.entries),
    pathname,
  );
  const activeSection = sections.find((s) => active && s.entries.includes(active))?.key;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(activeSection ? [activeSection] : []));
  useEffect(() => {
    if (activeSection) setOpened((open) => (open.has(activeSection) ? open : new Set([...open, activeSection])));
  }, [activeSection]);
  const toggle = (key: string) =>
    setOpened((open) => {
      const next = new Set(open);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const links = (section: MenuSection) =>
    section.entries.map((entry) => (
      <Link
        key={entry.to}
        to={entry.to}
        activeOptions={{ exact: true }}
        data-active={entry === active || undefined}
        aria-current={entry === active ? 'page' : undefined}
        onClick={onNavigate}
        className={`${classes.link} mantine-focus-auto`}
      >
        {t(entry.labelKey)}
      </Link>
    ));

  return (
    <>
      {sections.map((section) => {
        if (!section.labelKey) return <div key={section.key}>{links(section)}</div>;
        const open = opened.has(section.key);
        const listId = `side-menu-${section.key}`;
        return (
          <div key={section.key} className={classes.section}>
            <UnstyledButton className={classes.heading} aria-expanded={open} aria-controls={listId} onClick={() => toggle(section.key)}>
              <span>{t(section.labelKey)}</span>
              <span aria-hidden="true" className={classes.chevron} data-open={open || undefined}>
                ›
              </span>
            </UnstyledButton>
            <div id={listId} hidden={!open}>
              {links(section)}
            </div>
          </div>
        );
      })}
    </>
  );
}
