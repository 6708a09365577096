import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { t } from '../../../../lib/i18n/i18n';
import { lazyReady } from '../../../../lib/lazy-ready';
import type { CalendarProps } from './calendar';

// dnd-kit and the month grid are downloaded when a calendar is shown, never with the list.
const CalendarCode = lazyReady<CalendarProps>(async () => (await import('./calendar')).default);

export function LazyCalendar(props: CalendarProps) {
  return (
    <Suspense
      fallback={
        <Center py="xl" role="status" aria-label={t('tasks.loading')}>
          <Loader size="sm" type="dots" />
        </Center>
      }
    >
      <CalendarCode {...props} />
    </Suspense>
  );
}
