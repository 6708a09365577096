import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { DeferredTooltip } from '../../../ui/deferred-tooltip';
import { useSetBookmark } from '../api/set-bookmark';

export interface FavoriteStarProps {
  projectId: string;
  projectName: string;
  bookmarked: boolean;
  size?: 'sm' | 'md';
}

/** A toggle: its name says what a press does, aria-pressed says the current state. */
export function FavoriteStar({ projectId, projectName, bookmarked, size = 'md' }: FavoriteStarProps) {
  const setBookmark = useSetBookmark();
  const label = bookmarked ? `Remove ${projectName} from favorites` : `Add ${projectName} to favorites`;
  return (
    <DeferredTooltip label={bookmarked ? 'Remove from favorites' : 'Add to favorites'}>
      <ActionIcon
        variant="subtle"
        color={bookmarked ? 'yellow' : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={bookmarked}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setBookmark.mutate({ projectId, bookmarked: !bookmarked });
        }}
      >
        {bookmarked ? (
          <IconStarFilled size={16} style={{ color: 'var(--mantine-color-yellow-5)' }} aria-hidden />
        ) : (
          <IconStar size={16} stroke={1.8} aria-hidden />
        )}
      </ActionIcon>
    </DeferredTooltip>
  );
}
