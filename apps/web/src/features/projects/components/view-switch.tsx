import { ActionIcon, Group, Tooltip } from '@mantine/core';
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
        <Tooltip key={choice.to} label={choice.label}>
          <ActionIcon
            component={Link}
            to={choice.to}
            replace
            variant={choice.active ? 'light' : 'subtle'}
            color={choice.active ? undefined : 'gray'}
            size="md"
            aria-label={choice.label}
            aria-current={choice.active ? 'page' : undefined}
          >
            {choice.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
