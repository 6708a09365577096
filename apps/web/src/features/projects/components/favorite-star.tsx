import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { t } from '../../../lib/i18n/i18n';
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
  const label = bookmarked
    ? t('projects.removeNamedFromFavorites', { name: projectName })
    : t('projects.addNamedToFavorites', { name: projectName });
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.star} ${classes[size]}`}
      aria-label={label}
      aria-pressed={bookmarked}
      // The browser's own tooltip: a Mantine Tooltip per row (fifty on a full projects table) would set
      // up floating-ui for each, a large share of a cold load. A plain button for the same reason: no
      // style resolution per star.
      title={bookmarked ? t('projects.removeFromFavorites') : t('projects.addToFavorites')}
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
