import { Box, Tabs, VisuallyHidden } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useInboxHasNewActivity } from '../../../lib/realtime/inbox-status';
import { useUnreadCount } from '../../../lib/realtime/unread-count';
import { Icon } from '../../../ui/icon/icon';
import { PageHeader } from '../../../ui/page-header';
import { EverythingFeed } from '../components/everything-feed';
import { ForMeFeed } from '../components/for-me-feed';

type InboxTab = 'for-me' | 'everything';

/**
 * inbox: "For me" first (what concerns the person, the entries the sidebar's count stands for),
 * "Everything" beside it (the feed of all activity, whose dot showing it clears). ?tab=everything
 * opens the second.
 */
export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const tab: InboxTab = params.get('tab') === 'everything' ? 'everything' : 'for-me';
  const unread = useUnreadCount();
  const hasNewActivity = useInboxHasNewActivity();
  return (
    <>
      <PageHeader
        title={t('inbox.title')}
        subtitle={t('inbox.subtitle')}
        leading={<Icon name="inbox" size={26} />}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === 'everything' ? { tab: 'everything' } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="for-me">
            {t('inbox.forMe')}
            {unread > 0 ? <VisuallyHidden>{t('inbox.unreadCount', { count: unread })}</VisuallyHidden> : null}
          </Tabs.Tab>
          <Tabs.Tab
            value="everything"
            rightSection={
              hasNewActivity && tab !== 'everything' ? (
                <Box w={8} h={8} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: '50%' }} />
              ) : null
            }
          >
            {t('inbox.everything')}
            {hasNewActivity && tab !== 'everything' ? (
              <VisuallyHidden>{t('inbox.newActivity')}</VisuallyHidden>
            ) : null}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="for-me">
          <ForMeFeed
            newInEverything={hasNewActivity}
            onOpenEverything={() => setParams({ tab: 'everything' }, { replace: true })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="everything">
          <EverythingFeed />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
