import { Anchor, Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { OnboardingFrame } from '../components/onboarding-frame';

export function OnboardingWelcomePage() {
  return (
    <OnboardingFrame step={3} title={t('onboarding.welcomeTitle')} subtitle={t('onboarding.welcomeSubtitle')}>
      <Stack gap="lg">
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon color="teal" variant="light" size={20} radius="xl">
              <IconCheck size={12} stroke={2.5} aria-hidden />
            </ThemeIcon>
          }
        >
          <List.Item>{t('onboarding.tipProject')}</List.Item>
          <List.Item>{t('onboarding.tipInvite')}</List.Item>
          <List.Item>{t('onboarding.tipFigma')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {tRich('onboarding.figmaHelp', {
            link: (chunks) => (
              <Anchor component={Link} to={paths.settingsFigma} size="sm">
                {chunks}
              </Anchor>
            ),
          })}
        </Text>
        <Button component={Link} to={paths.projectsCards} size="md" fullWidth>
          {t('onboarding.goToFiggle')}
        </Button>
      </Stack>
    </OnboardingFrame>
  );
}
