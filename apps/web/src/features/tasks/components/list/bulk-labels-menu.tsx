import type { BulkTaskFields } from '@figgle/shared/bulk-task-schemas';
import { Button, ColorSwatch, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown, IconMinus, IconPlus } from '@tabler/icons-react';
import { t } from '../../../../lib/i18n/i18n';
import { useLabels } from '../../../../shared/api/list-labels';

const swatch = (color: string) => (
  <ColorSwatch color={`var(--mantine-color-${color}-filled)`} size={10} withShadow={false} aria-hidden />
);

/**
 * The selection bar's "Labels": add one of the organization's labels to every selected task, or
 * remove one from those that have it; their other labels stay.
 */
export function BulkLabelsMenu({
  organizationId,
  onSet,
}: {
  organizationId: string;
  onSet: (changes: BulkTaskFields) => void;
}) {
  const labels = useLabels(organizationId);
  const all = labels.data ?? [];
  return (
    <Menu position="top" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          {t('tasks.bulkLabels')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={320} type="auto">
          {all.length === 0 ? (
            <Menu.Label>{t('tasks.bulkNoLabels')}</Menu.Label>
          ) : (
            <>
              <Menu.Label>{t('tasks.bulkLabelsAdd')}</Menu.Label>
              {all.map((label) => (
                <Menu.Item
                  key={`add-${label.label_id}`}
                  aria-label={t('tasks.bulkLabelsAddOne', { name: label.name })}
                  leftSection={<IconPlus size={12} aria-hidden />}
                  rightSection={swatch(label.color)}
                  onClick={() => onSet({ add_label_ids: [label.label_id] })}
                >
                  {label.name}
                </Menu.Item>
              ))}
              <Menu.Divider />
              <Menu.Label>{t('tasks.bulkLabelsRemove')}</Menu.Label>
              {all.map((label) => (
                <Menu.Item
                  key={`remove-${label.label_id}`}
                  aria-label={t('tasks.bulkLabelsRemoveOne', { name: label.name })}
                  leftSection={<IconMinus size={12} aria-hidden />}
                  rightSection={swatch(label.color)}
                  onClick={() => onSet({ remove_label_ids: [label.label_id] })}
                >
                  {label.name}
                </Menu.Item>
              ))}
            </>
          )}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
