import { Box, Flex } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { SettingsNavigation } from '../components/settings-navigation';

export function SettingsLayout() {
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 'lg', sm: 40 }} align="flex-start">
        <Box w={{ base: '100%', sm: 220 }} style={{ flexShrink: 0 }}>
          <SettingsNavigation />
        </Box>
        <Box flex={1} miw={0} w="100%">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </>
  );
}
