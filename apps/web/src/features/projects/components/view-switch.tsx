import { ActionIcon, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface ViewChoice {
  label: string;
  to: string;
  icon: ReactNode;
  active: boolean;
}

/** Two or more links styled as a toggle group; the current one carries aria-current. */
export function ViewSwitch({ choices }: { choices: ViewChoice[] }) {
  return (
    <Group
      gap={2}
      p={3}
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
          size="md"
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
