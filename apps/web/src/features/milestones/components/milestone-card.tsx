import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import { ActionIcon, Badge, Group, Menu, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { forecastWords, milestoneStateBadge, shownDay } from './milestone-state';

export interface MilestoneCardProps {
  milestone: MilestoneView;
  onEdit: () => void;
  onDelete: () => void;
}

/** One milestone: its target, progress by count (and points), and the forecast with its method. */
export function MilestoneCard({ milestone, onEdit, onDelete }: MilestoneCardProps) {
  const badge = milestoneStateBadge(milestone.state);
  const { done, total } = milestone.tasks;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={milestone.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <Title order={2} fz="md" fw={650}>
              {milestone.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('milestones.target', { date: shownDay(milestone.target_date) })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Badge color={badge.color} variant="light" tt="none">
              {badge.label}
            </Badge>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('milestones.actionsFor', { name: milestone.name })}
                >
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={onEdit}>{t('milestones.edit')}</Menu.Item>
                <Menu.Item color="red" onClick={onDelete}>
                  {t('common.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {milestone.description ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {milestone.description}
          </Text>
        ) : null}
        <Progress
          value={percent}
          aria-label={t('milestones.progressLabel', { name: milestone.name, done, total })}
        />
        <Group gap="md">
          <Text size="sm">{t('milestones.tasksDone', { done, total })}</Text>
          {milestone.points ? (
            <Text size="sm" c="dimmed">
              {t('milestones.pointsDone', { done: milestone.points.done, total: milestone.points.total })}
            </Text>
          ) : null}
        </Group>
        {milestone.forecast_date ? (
          <Text size="sm" fw={600}>
            {t('milestones.forecast', { date: shownDay(milestone.forecast_date) })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {forecastWords(milestone)}
        </Text>
      </Stack>
    </Paper>
  );
}
