import { MESSAGES } from '@figgle/shared/constants';
import { FIGMA_TOKEN_MAX, type FigmaTokenStatus } from '@figgle/shared/figma-schemas';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useSaveFigmaToken } from '../api/save-figma-token';

/** The personal token: written, never read back; only its redacted form is shown. */
export function FigmaTokenForm({ token }: { token: FigmaTokenStatus }) {
  const [value, setValue] = useState('');
  const save = useSaveFigmaToken();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(value.trim(), {
      onSuccess: () => {
        setValue('');
        toastSuccess(MESSAGES.figmaTokenSaved);
      },
      onError: () => toastError(MESSAGES.saveFailed),
    });
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} aria-label="Figma token">
        <Stack gap="sm">
          <Title order={3} fz="md" fw={600}>
            Personal token
          </Title>
          <Text size="sm" c="dimmed">
            {token.is_set && token.redacted ? (
              <>
                Your registered token: <code data-testid="redacted-figma-token">{token.redacted}</code>.
                Register another one to replace it.
              </>
            ) : (
              'No token is registered yet.'
            )}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <PasswordInput
              label="Figma token"
              placeholder={token.redacted ?? 'figd_…'}
              required
              pattern="\s*\S+\s*"
              maxLength={FIGMA_TOKEN_MAX}
              autoComplete="off"
              spellCheck={false}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            <Button type="submit" loading={save.isPending}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
