import type { ProjectEmoji } from '@figgle/shared/emoji';
import { trigramFromName } from '@figgle/shared/trigram';
import { Group, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { t } from '../lib/i18n/i18n';
import { DialogButtons } from '../ui/dialog-buttons';
import { EmojiSelect } from '../ui/emoji-select';

/** The fields every project has, as the form edits them. */
export interface ProjectFormValues {
  name: string;
  trigram: string;
  emoji: ProjectEmoji;
  description: string;
  /** The person's own favorite (a separate call from the project's fields). */
  bookmarked: boolean;
}

export interface ProjectFormProps {
  /** What the form starts from: a new project's defaults, or the project being edited. */
  initial: ProjectFormValues;
  /** The dialog's own fields (organization and Start from, or the default view), after the trigram. */
  children?: ReactNode;
  /** Beside the buttons, on the left (Add a project's "Import from a file"). */
  sideAction?: ReactNode;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ProjectFormValues) => void;
  onCancel: () => void;
}

/**
 * The one project form, of "Add a project" and "Project settings" (docs/product.md#projects): name,
 * trigram, the dialog's own fields, emoji, description and favorite, then Cancel and the dialog's
 * submit. The trigram follows the name until the person types a whole one (emptied or cut short,
 * it follows again), and left empty it takes the name's letters; the browser refuses one
 * that is not exactly 3 letters or digits before anything is sent.
 */
export function ProjectForm({
  initial,
  children,
  sideAction,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: ProjectFormProps) {
  const [values, setValues] = useState(initial);
  // The trigram follows the name until the person types a whole one; emptied or cut short, it
  // follows again (even once the blur has filled it back in).
  const [trigramFollowsName, setTrigramFollowsName] = useState(initial.trigram.length < 3);
  const change = (next: Partial<ProjectFormValues>) => setValues((current) => ({ ...current, ...next }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(values);
  }

  const buttons = <DialogButtons onCancel={onCancel} submitLabel={submitLabel} pending={pending} gap="sm" />;

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('projects.name')}
          name="name"
          required
          maxLength={100}
          data-autofocus
          value={values.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            change(trigramFollowsName ? { name, trigram: trigramFromName(name) } : { name });
          }}
        />
        <TextInput
          label={t('projects.trigram')}
          name="trigram"
          description={t('projects.trigramHint')}
          required
          minLength={3}
          maxLength={3}
          pattern="[A-Za-z0-9]{3}"
          title={t('projects.trigramHint')}
          value={values.trigram}
          onChange={(event) => {
            const trigram = event.currentTarget.value.toUpperCase();
            change({ trigram });
            setTrigramFollowsName(trigram.length < 3);
          }}
          onBlur={() =>
            setValues((current) =>
              current.trigram === '' ? { ...current, trigram: trigramFromName(current.name) } : current,
            )
          }
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.08em' } }}
        />
        {children}
        <EmojiSelect value={values.emoji} onChange={(emoji) => change({ emoji })} />
        <Textarea
          label={t('projects.description')}
          name="description"
          maxLength={2000}
          autosize
          minRows={3}
          maxRows={8}
          value={values.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
        <Switch
          label={t('tasks.favorite')}
          description={t('tasks.favoriteDescription')}
          checked={values.bookmarked}
          onChange={(event) => change({ bookmarked: event.currentTarget.checked })}
        />
        {sideAction ? (
          <Group justify="space-between" gap="sm" mt="xs">
            {sideAction}
            {buttons}
          </Group>
        ) : (
          <Group justify="flex-end" gap="sm" mt="xs">
            {buttons}
          </Group>
        )}
      </Stack>
    </form>
  );
}
