import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

export function BackToLoginLink() {
  return (
    <Group justify="center">
      <Anchor component={Link} to={paths.login} size="sm">
        Back to log in
      </Anchor>
    </Group>
  );
}
