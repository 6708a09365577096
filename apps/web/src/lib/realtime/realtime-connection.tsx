import type { Me } from '@figgle/shared/me-schemas';
import { topics } from '@figgle/shared/realtime-protocol';
import { notifyManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { organizationsQueryOptions } from '../../shared/api/list-organizations';
import { queryKeys } from '../../shared/api/query-keys';
import { applyRealtimeEvent, applyRealtimeEvents, forgetOrganization } from './apply-event';
import { InvalidationBatch } from './invalidation-batch';
import { type PresenceState, presenceQueryKey } from './query-keys';
import { readBeforeChange } from './read-before-change';
import { realtimeClient, setRealtimeHandlers } from './realtime-context';
import { topicsForRoute } from './route-topics';

/**
 * Keeps the tab's live connection while a signed-in page is open: every organization's projects,
 * the inbox and presence always; the tasks, task or radar of the page shown; the page as presence.
 */
export function RealtimeConnection() {
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const currentPath = useRef(pathname);
  currentPath.current = pathname;
  // The inbox's Everything tab is what the new-activity dot stands for: while it is shown, news is seen.
  const everythingShown = useRef(false);
  everythingShown.current = pathname === '/inbox' && new URLSearchParams(search).get('tab') === 'everything';

  useEffect(() => {
    const invalidate = new InvalidationBatch(queryClient);
    const context = () => ({
      queryClient,
      invalidate,
      userId: queryClient.getQueryData<Me>(queryKeys.me)?.user_id ?? null,
      pathname: currentPath.current,
      inboxEverythingShown: everythingShown.current,
    });
    setRealtimeHandlers({
      onEvent: (frame) => applyRealtimeEvent(frame, context()),
      // A bulk change's events: every cache write of them in one notification, so each screen
      // draws the whole change once instead of once a task.
      onBatch: (events) => notifyManager.batch(() => applyRealtimeEvents(events, context())),
      onPresence: (frame) =>
        queryClient.setQueryData<PresenceState>(presenceQueryKey, (state) => ({
          ...state,
          [frame.organizationId]: frame.members,
        })),
      // Events may have been missed: whatever is on screen is read again, once.
      onResync: () => invalidate.addFilters('everything shown', {}),
      // A change between a page's first read and its subscription reached neither: read it again.
      onChangedBeforeSubscribing: (topic, lastEventMsAgo) =>
        invalidate.addFilters(`read before ${topic} changed`, {
          predicate: readBeforeChange(topic, lastEventMsAgo),
        }),
      onForbidden: () => forgetOrganization({ invalidate }),
      onSignedOut: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      onStatus: (status) => {
        document.documentElement.dataset.realtime = status;
        if (status !== 'open') queryClient.setQueryData<PresenceState>(presenceQueryKey, {});
      },
    });
    realtimeClient.start();
    const online = () => realtimeClient.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      realtimeClient.stop();
      setRealtimeHandlers({});
      invalidate.dispose();
      delete document.documentElement.dataset.realtime;
    };
  }, [queryClient]);

  const organizations = useQuery(organizationsQueryOptions);
  const organizationIds = (organizations.data ?? []).map((o) => o.organization_id).join(',');
  useEffect(() => {
    const always = [
      topics.presence,
      topics.inbox,
      topics.notifications,
      ...organizationIds.split(',').filter(Boolean).map(topics.projects),
    ];
    const releases = always.map((topic) => realtimeClient.subscribe(topic));
    return () => {
      for (const release of releases) release();
    };
  }, [organizationIds]);

  useEffect(() => {
    const releases = topicsForRoute(pathname).map((topic) => realtimeClient.subscribe(topic));
    realtimeClient.setRoute(pathname);
    return () => {
      for (const release of releases) release();
    };
  }, [pathname]);

  return null;
}
