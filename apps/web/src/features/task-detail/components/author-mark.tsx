import type { PersonView } from '@figgle/shared/task-schemas';
import { Avatar } from '@mantine/core';
import { IconBrandFigma } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { UserAvatar } from '../../../ui/user-avatar';

export const personName = (person: PersonView | null | undefined, fallback = 'Figma') =>
  person ? `${person.firstname} ${person.lastname}`.trim() || t('task-detail.unnamedMember') : fallback;

/** A person's avatar, or Figma's mark when no person is the author (a null author means Figma). */
export function AuthorMark({ person, size = 28 }: { person: PersonView | null; size?: number }) {
  if (person) {
    return (
      <UserAvatar id={person.user_id} firstname={person.firstname} lastname={person.lastname} size={size} />
    );
  }
  return (
    <Avatar size={size} radius="xl" color="dark" variant="filled" aria-label="Figma" role="img">
      <IconBrandFigma size={Math.round(size * 0.6)} aria-hidden />
    </Avatar>
  );
}
