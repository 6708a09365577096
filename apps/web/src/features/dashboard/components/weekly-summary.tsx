import type { WeeklySummaryView } from '@figgle/shared/weekly-summary-schemas';
import { Badge, Button, Group, List, Skeleton, Stack, Text } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import { DashboardCard } from './dashboard-card';
import { factsSummary } from './facts-summary';
import { summaryBlocks } from './summary-blocks';

interface WeeklySummaryProps {
  summary: WeeklySummaryView | undefined;
  failed: boolean;
  onRetry: () => void;
}

function SummaryText({ text }: { text: string }) {
  return (
    <Stack gap={6}>
      {summaryBlocks(text).map((block) =>
        block.kind === 'paragraph' ? (
          <Text key={block.line} size="sm">
            {block.text}
          </Text>
        ) : (
          <List key={block.line} size="sm" spacing={4}>
            {block.items.map((item) => (
              <List.Item key={item.line}>{item.text}</List.Item>
            ))}
          </List>
        ),
      )}
    </Stack>
  );
}

/**
 * The spec's "AI summary": the last 7 days in a few sentences, written by the configured language
 * model when there is one, else by Figgle from the week's figures.
 */
export function WeeklySummary({ summary, failed, onRetry }: WeeklySummaryProps) {
  return (
    <DashboardCard title={t('dashboard.summaryTitle')} subtitle={t('dashboard.summarySubtitle')}>
      {summary ? (
        <Stack gap="xs">
          <SummaryText text={summary.source === 'facts' ? factsSummary(summary.facts) : summary.text} />
          {summary.model !== null ? (
            <Group gap={6}>
              <Badge variant="light" color="violet" tt="none" fw={500}>
                {t('dashboard.writtenBy', { model: summary.model })}
              </Badge>
            </Group>
          ) : null}
        </Stack>
      ) : failed ? (
        <Group gap="sm" role="alert">
          <Text size="sm" c="dimmed">
            {t('dashboard.summaryFailed')}
          </Text>
          <Button variant="light" size="compact-sm" onClick={onRetry}>
            {t('dashboard.tryAgain')}
          </Button>
        </Group>
      ) : (
        <Stack gap={8} aria-label={t('dashboard.summaryLoading')} role="status">
          <Skeleton h={12} w="90%" />
          <Skeleton h={12} w="75%" />
          <Skeleton h={12} w="60%" />
        </Stack>
      )}
    </DashboardCard>
  );
}
