import { MESSAGES } from '@figgle/shared/constants';
import type { FailedFigmaWork } from '@figgle/shared/figma-delivery-schemas';
import { relativeTime } from '@figgle/shared/relative-time';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { toastError } from '../../../ui/toast';
import { useRetryFailedFigmaWork } from '../api/retry-failed-figma-work';

function headline(failure: FailedFigmaWork): string {
  const file = failure.figma_file_name || 'a Figma file';
  const by = failure.figma_triggered_by || 'someone';
  switch (failure.kind) {
    case 'REPLY':
      return `Reply to Figma not sent (${file})`;
    case 'DESIGN_CHANGE':
      return `New version by ${by} of ${file} not compared with the linked designs`;
    case 'DEV_STATUS':
      return `Dev Mode status of a design in ${file} not applied`;
    case 'DEV_RESOURCE':
      return 'Link to the task not added in Figma’s Dev Mode';
    default:
      return `Comment by ${by} on ${file} not processed`;
  }
}

/** What Figgle gave up doing with Figma, with Figma's reason: a comment lost would otherwise go unseen. */
export function FailedWorkList({ failures }: { failures: FailedFigmaWork[] }) {
  const retry = useRetryFailedFigmaWork();
  const tryAgain = (jobId: string) => retry.mutate(jobId, { onError: () => toastError(MESSAGES.saveFailed) });
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
          Figma deliveries that failed
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
                  Try again
                </Button>
              </Group>
              {failure.content ? (
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {failure.content}
                </Text>
              ) : null}
              <Text size="sm" c="red">
                Reason: {failure.reason}
              </Text>
              <Text size="xs" c="dimmed">
                Gave up{' '}
                <time dateTime={failure.failed_at} title={failedAt.toLocaleString()}>
                  {relativeTime(failedAt)}
                </time>{' '}
                after {failure.attempts} {failure.attempts === 1 ? 'try' : 'tries'}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
