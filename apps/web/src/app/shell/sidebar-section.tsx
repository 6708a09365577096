import { Stack, Text } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './shell.module.css';

export interface SidebarSectionProps {
  label: string;
  children: ReactNode;
}

export function SidebarSection({ label, children }: SidebarSectionProps) {
  const labelId = useId();
  return (
    <Stack gap={4} component="section" aria-labelledby={labelId}>
      <Text id={labelId} component="h2" className={classes.sectionLabel} mb={2}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}
