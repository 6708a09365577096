import { Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';

const stepLabels = () => [
  t('onboarding.stepProfile'),
  t('onboarding.stepOrganization'),
  t('onboarding.stepWelcome'),
];
const STEP_PATHS = [paths.onboardingStep1, paths.onboardingStep2, paths.onboardingStep3] as const;

export interface OnboardingFrameProps {
  /** 1, 2 or 3. */
  step: 1 | 2 | 3;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The three onboarding screens share the centered card, with the stepper showing where the user is. */
export function OnboardingFrame({ step, title, subtitle, children }: OnboardingFrameProps) {
  // On a phone the three labels do not fit beside the step numbers: the current one is said below.
  const wide = useMediaQuery('(min-width: 30em)', true);
  const navigate = useNavigate();
  const steps = stepLabels();
  return (
    <CenteredPanel title={title} subtitle={subtitle} width={520}>
      <Stepper
        active={step - 1}
        size="xs"
        iconSize={26}
        wrap={false}
        allowNextStepsSelect={false}
        // The steps already done lead back to themselves, to correct a name; the next ones wait.
        onStepClick={(index) => {
          if (index < step - 1) navigate(STEP_PATHS[index]!);
        }}
        mb={wide ? 'xl' : 'xs'}
        aria-label={t('onboarding.stepOf', { step })}
        styles={{
          stepLabel: { fontSize: 'var(--mantine-font-size-xs)' },
          stepBody: wide ? undefined : { display: 'none' },
        }}
      >
        {steps.map((label, index) => (
          <Stepper.Step
            key={label}
            label={label}
            aria-label={label}
            aria-current={index === step - 1 ? 'step' : undefined}
          />
        ))}
      </Stepper>
      {wide ? null : (
        <Text size="xs" c="dimmed" mb="lg">
          {t('onboarding.stepOfNamed', { step, name: steps[step - 1] })}
        </Text>
      )}
      {children}
    </CenteredPanel>
  );
}
