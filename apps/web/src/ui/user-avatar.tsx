import { initials } from '@figgle/shared/avatar';
import { colourCodeFromId } from '@figgle/shared/colour-code';
import { Avatar, type MantineColor, type MantineSize } from '@mantine/core';
import { t } from '../lib/i18n/i18n';

/**
 * Indexed by the colour code (0..5) of @figgle/shared/colour-code. Each keeps 4.5:1 between its initials
 * and its tint in both schemes (teal and orange did not).
 */
const AVATAR_PALETTE: readonly MantineColor[] = ['blue', 'grape', 'cyan', 'violet', 'pink', 'indigo'];

export interface UserAvatarProps {
  id: string | null | undefined;
  firstname: string | null | undefined;
  lastname: string | null | undefined;
  size?: MantineSize | number;
  /** Set when no name is shown beside the avatar, so screen readers still know who it is. */
  labelled?: boolean;
}

export function UserAvatar({ id, firstname, lastname, size = 'sm', labelled = false }: UserAvatarProps) {
  const fullName = [firstname, lastname].filter(Boolean).join(' ');
  return (
    <Avatar
      size={size}
      radius="xl"
      variant="light"
      color={AVATAR_PALETTE[colourCodeFromId(id)] ?? 'indigo'}
      title={fullName || undefined}
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? fullName || t('ui.unknownUser') : undefined}
      aria-hidden={labelled ? undefined : true}
    >
      {initials(firstname, lastname)}
    </Avatar>
  );
}
