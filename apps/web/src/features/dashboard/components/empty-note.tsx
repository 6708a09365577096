import { Text } from '@mantine/core';

export function EmptyNote({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed" py="xs">
      {children}
    </Text>
  );
}
