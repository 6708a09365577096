import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useSetBookmark } from '../api/set-bookmark';
import classes from './favorite-star.module.css';

export interface FavoriteStarProps {
  projectId: string;
  projectName: string;
  bookmarked: boolean;
  size?: 'sm' | 'md';
}

/** A toggle: its name says what a press does, aria-pressed says the current state. */
export function FavoriteStar({ projectId, projectName, bookmarked: saved, size = 'md' }: FavoriteStarProps) {
  const setBookmark = useSetBookmark();
  // The press shows in the same frame: the list's own optimistic update comes a few tens of ms later
  // (it waits for the query cache), and the star then follows the list again once the write settled.
  const [pressed, setPressed] = useState<boolean | null>(null);
  const bookmarked = pressed ?? saved;
  const label = bookmarked ? `Remove ${projectName} from favorites` : `Add ${projectName} to favorites`;
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.star} ${classes[size]}`}
      aria-label={label}
      aria-pressed={bookmarked}
      // The browser's own tooltip: a Mantine Tooltip per row (fifty on a full projects table) would set
      // up floating-ui for each, a large share of a cold load. A plain button for the same reason: no
      // style resolution per star.
      title={bookmarked ? 'Remove from favorites' : 'Add to favorites'}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setPressed(!bookmarked);
        setBookmark.mutate({ projectId, bookmarked: !bookmarked }, { onSettled: () => setPressed(null) });
      }}
    >
      {bookmarked ? (
        <IconStarFilled size={16} style={{ color: 'var(--mantine-color-yellow-5)' }} aria-hidden />
      ) : (
        <IconStar size={16} stroke={1.8} aria-hidden />
      )}
    </button>
  );
}
