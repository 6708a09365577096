import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { t, tRich } from '../../../lib/i18n/i18n';
import { paths } from '../../../shared/paths';

/** Whether any of an organization page's reads was refused as not found: no such organization for me. */
export function organizationMissing(...errors: unknown[]): boolean {
  return errors.some((error) => error instanceof ApiRequestError && error.statusCode === 404);
}

/** The one answer for an organization that does not exist or that I am not a member of. */
export function OrganizationNotFound() {
  return (
    <Alert color="gray" title={t('settings.organizationNotFound')} maw={560}>
      <Text size="sm">
        {tRich('settings.organizationNotFoundText', {
          link: (chunks) => (
            <Anchor component={Link} to={paths.settingsProfile}>
              {chunks}
            </Anchor>
          ),
        })}
      </Text>
    </Alert>
  );
}

/**
 * The frame of an organization's settings pages (its members, labels, webhooks): the one "Organization
 * not found" answer for an organization that does not exist or is not mine, else the page's title
 * row and what it holds.
 */
export function OrganizationPageFrame({
  missing,
  title,
  children,
}: {
  missing: boolean;
  /** The title row: the heading, and whatever stands beside or below it. */
  title: ReactNode;
  children: ReactNode;
}) {
  if (missing) return <OrganizationNotFound />;
  return (
    <Stack gap="xl">
      {title}
      {children}
    </Stack>
  );
}

/** An organization page's heading: long names wrap anywhere rather than widen the page. */
export function OrganizationPageTitle({ children }: { children: ReactNode }) {
  return (
    <Title order={2} fz="lg" fw={600} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
}

/** An organization page's heading with the line under it that says what the page is for. */
export function OrganizationPageHeading({
  title,
  intro,
  introMaw,
}: {
  title: string;
  intro: string;
  introMaw?: number;
}) {
  return (
    <Stack gap={4}>
      <OrganizationPageTitle>{title}</OrganizationPageTitle>
      <Text size="sm" c="dimmed" maw={introMaw}>
        {intro}
      </Text>
    </Stack>
  );
}
