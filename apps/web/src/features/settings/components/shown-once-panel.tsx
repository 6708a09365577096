import { Alert, Button, CopyButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n/i18n';
import classes from './shown-once-panel.module.css';

/**
 * A secret the server shows once (a token, a feed's address): read-only, selected on focus, with
 * its copy button and Done. Only its hash is kept, so it is copied now or lost.
 */
export function ShownOncePanel({
  title,
  intro,
  label,
  value,
  copyLabel,
  onDone,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  value: string;
  copyLabel: string;
  onDone: () => void;
}) {
  return (
    <Alert
      color="green"
      variant="light"
      radius="md"
      title={title}
      role="status"
      // The light green tint leaves too little contrast for green title text: the text colour instead.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">{intro}</Text>
        <Textarea
          label={label}
          readOnly
          autosize
          minRows={1}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' } }}
        />
        <Group gap="sm">
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy}>
                <span className={classes.labels}>
                  <span data-hidden={copied ? undefined : true}>
                    <IconCheck size={14} aria-hidden />
                    {t('settings.copied')}
                  </span>
                  <span data-hidden={copied ? true : undefined}>{copyLabel}</span>
                </span>
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" color="gray" onClick={onDone}>
            {t('settings.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
