import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="60dvh" role="status" aria-label="Loading">
      <Loader size="sm" type="dots" />
    </Center>
  );
}
