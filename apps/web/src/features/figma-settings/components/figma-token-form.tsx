import { FIGMA_TOKEN_MAX, type FigmaTokenStatus } from '@figgle/shared/figma-schemas';
import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { t, tRich } from '../../../lib/i18n/i18n';
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
        toastSuccess(t('messages.figmaTokenSaved'));
      },
      onError: () => toastError(t('messages.saveFailed')),
    });
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={handleSubmit} aria-label={t('figma-settings.figmaToken')}>
        <Stack gap="sm">
          <Title order={3} fz="md" fw={600}>
            {t('figma-settings.personalToken')}
          </Title>
          <Text size="sm" c="dimmed">
            {token.is_set && token.redacted
              ? tRich('figma-settings.registeredToken', {
                  token: token.redacted,
                  code: (chunks) => <code data-testid="redacted-figma-token">{chunks}</code>,
                })
              : t('figma-settings.noToken')}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <PasswordInput
              label={t('figma-settings.figmaToken')}
              // i18n-ignore: the start of every Figma token, the same in every language
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
              {t('figma-settings.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
