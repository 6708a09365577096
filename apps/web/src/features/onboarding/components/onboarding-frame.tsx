import { Stepper } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredPanel } from '../../../ui/centered-panel';

const STEPS = ['Who are you?', 'Your organization', 'Welcome'] as const;

export interface OnboardingFrameProps {
  /** 1, 2 or 3. */
  step: 1 | 2 | 3;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The three onboarding screens share the centered card, with the stepper showing where the user is. */
export function OnboardingFrame({ step, title, subtitle, children }: OnboardingFrameProps) {
  return (
    <CenteredPanel title={title} subtitle={subtitle} width={520}>
      <Stepper
        active={step - 1}
        size="xs"
        iconSize={28}
        allowNextStepsSelect={false}
        mb="xl"
        aria-label={`Step ${step} of 3`}
        styles={{ stepLabel: { fontSize: 'var(--mantine-font-size-xs)' } }}
      >
        {STEPS.map((label, index) => (
          <Stepper.Step key={label} label={label} aria-current={index === step - 1 ? 'step' : undefined} />
        ))}
      </Stepper>
      {children}
    </CenteredPanel>
  );
}
