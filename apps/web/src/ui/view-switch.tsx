import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ViewChoice {
  label: string;
  to: string;
  icon: ReactNode;
  active: boolean;
}

/**
 * Two or more links to the views of one screen, styled as a toggle group; the current one carries
 * aria-current. `size`: the buttons', `md` beside a page's title, `lg` in a project's header.
 */
export function ViewSwitch({ choices, size = 'md' }: { choices: ViewChoice[]; size?: 'md' | 'lg' }) {
  return (
    <Group
      gap={2}
      p={size === 'lg' ? 2 : 3}
      style={{ border: '1px solid var(--figgle-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      {choices.map((choice) => (
        <ActionIcon
          key={choice.to}
          component={Link}
          to={choice.to}
          replace
          variant={choice.active ? 'light' : 'subtle'}
          color={choice.active ? undefined : 'gray'}
          size={size}
          aria-label={choice.label}
          aria-current={choice.active ? 'page' : undefined}
          // The browser's own tooltip, as on the favorite stars: Mantine's brings Floating UI into
          // the first load of every page with a view switch.
          title={choice.label}
        >
          {choice.icon}
        </ActionIcon>
      ))}
    </Group>
  );
}
