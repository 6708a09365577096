import { NavLink } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { Icon } from '../../ui/icon/icon';
import type { IconName } from '../../ui/icon/icon-registry';
import classes from './shell.module.css';

export interface SidebarLinkProps {
  to: string;
  label: ReactNode;
  icon?: IconName;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** Other address patterns that also mark this link as the current page. */
  alsoActiveOn?: string[];
  onNavigate?: () => void;
}

export function SidebarLink({
  to,
  label,
  icon,
  leftSection,
  rightSection,
  alsoActiveOn = [],
  onNavigate,
}: SidebarLinkProps) {
  const { pathname } = useLocation();
  const active = [to, ...alsoActiveOn].some((pattern) => matchPath({ path: pattern, end: false }, pathname));

  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      leftSection={leftSection ?? (icon ? <Icon name={icon} size={18} className={classes.linkIcon} /> : null)}
      rightSection={rightSection}
      classNames={{ root: classes.link, section: classes.linkSection }}
    />
  );
}
