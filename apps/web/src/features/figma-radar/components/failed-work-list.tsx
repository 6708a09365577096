import type { FailedFigmaWork } from '@figgle/shared/figma-delivery-schemas';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { intlLocale, t, tRich } from '../../../lib/i18n/i18n';
import { relativeTime } from '../../../lib/relative-time';
import { toastError } from '../../../ui/toast';
import { useRetryFailedFigmaWork } from '../api/retry-failed-figma-work';

function headline(failure: FailedFigmaWork): string {
  // The unknown file and author are words of the sentence; `noFile` and `noBy` let a language
  // inflect them (German: "von jemandem").
  const file = failure.figma_file_name || t('figma-radar.aFigmaFile');
  const by = failure.figma_triggered_by || t('figma-radar.someone');
  const noFile = failure.figma_file_name ? 'no' : 'yes';
  const noBy = failure.figma_triggered_by ? 'no' : 'yes';
  switch (failure.kind) {
    case 'REPLY':
      return t('figma-radar.failedReply', { file, noFile });
    case 'DESIGN_CHANGE':
      return t('figma-radar.failedDesignChange', { file, by, noFile, noBy });
    case 'DEV_STATUS':
      return t('figma-radar.failedDevStatus', { file, noFile });
    case 'DEV_RESOURCE':
      return t('figma-radar.failedDevResource');
    default:
      return t('figma-radar.failedComment', { file, by, noFile, noBy });
  }
}

/** What Figgle gave up doing with Figma, with Figma's reason: a comment lost would otherwise go unseen. */
export function FailedWorkList({ failures }: { failures: FailedFigmaWork[] }) {
  const retry = useRetryFailedFigmaWork();
  const tryAgain = (jobId: string) =>
    retry.mutate(jobId, { onError: () => toastError(t('messages.saveFailed')) });
  return (
    <Paper
      component="section"
      aria-labelledby="failed-figma-work-title"
      withBorder
      radius="md"
      p="md"
      mb="md"
      bg="var(--mantine-color-red-light)"
      style={{ borderColor: 'var(--mantine-color-red-outline)' }}
    >
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconAlertTriangle size={20} color="var(--mantine-color-red-light-color)" aria-hidden />
        <Title order={2} size="h5" id="failed-figma-work-title">
          {t('figma-radar.failedTitle')}
        </Title>
      </Group>
      <Stack gap="xs">
        {failures.map((failure) => {
          const failedAt = new Date(failure.failed_at);
          return (
            <Paper
              key={failure.job_id}
              component="article"
              withBorder
              radius="sm"
              p="sm"
              aria-label={headline(failure)}
            >
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {headline(failure)}
                </Text>
                <Button
                  variant="default"
                  size="xs"
                  style={{ flexShrink: 0 }}
                  loading={retry.isPending && retry.variables === failure.job_id}
                  onClick={() => tryAgain(failure.job_id)}
                >
                  {t('figma-radar.tryAgain')}
                </Button>
              </Group>
              {failure.content ? (
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {failure.content}
                </Text>
              ) : null}
              <Text size="sm" c="red">
                {t('figma-radar.reason', { reason: failure.reason })}
              </Text>
              <Text size="xs" c="dimmed">
                {tRich('figma-radar.gaveUp', {
                  when: relativeTime(failedAt),
                  attempts: failure.attempts,
                  time: (chunks) => (
                    <time dateTime={failure.failed_at} title={failedAt.toLocaleString(intlLocale())}>
                      {chunks}
                    </time>
                  ),
                })}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
