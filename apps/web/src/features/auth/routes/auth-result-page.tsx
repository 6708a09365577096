import { MESSAGES } from '@figgle/shared/constants';
import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCircleCheck,
  IconLinkOff,
  IconMailCheck,
  IconMailForward,
  IconSparkles,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { useAuthProviders } from '../api/get-auth-providers';

type Flag = keyof typeof MESSAGES.authCards;
const FLAGS: Flag[] = ['creation', 'activation', 'confirmation', 'magic', 'password', 'invitation'];
/** The results that mean "an email is on its way". */
const EMAIL_SENT: Flag[] = ['creation', 'confirmation', 'magic', 'password'];

interface Card {
  icon: TablerIcon;
  color: string;
  text: ReactNode;
}

function cardFor(flag: Flag, email: string | null): Card {
  switch (flag) {
    case 'creation':
      return {
        icon: IconMailForward,
        color: 'figgle',
        text: (
          <>
            We sent a confirmation link to {email ? <strong>{email}</strong> : 'your email'}. Open it to
            activate your account.{' '}
            <Anchor component={Link} to={resendLink(email)} size="sm">
              Resend the confirmation email
            </Anchor>
          </>
        ),
      };
    case 'activation':
      return {
        icon: IconCircleCheck,
        color: 'teal',
        text: 'Your account is active. Log in to get started.',
      };
    case 'confirmation':
      return {
        icon: IconMailForward,
        color: 'figgle',
        text: 'Open the link in the new email to verify your address, then log in.',
      };
    case 'magic':
      return {
        icon: IconSparkles,
        color: 'figgle',
        text: 'If an account exists for this address, the email holds a link that logs you in. It works once and expires in 15 minutes.',
      };
    case 'password':
      return {
        icon: IconMailCheck,
        color: 'figgle',
        text: 'If an account exists for this address, the email holds a link to choose a new password.',
      };
    case 'invitation':
      return {
        icon: IconUsersGroup,
        color: 'teal',
        text: (
          <>
            You are now a member.{' '}
            <Anchor component={Link} to={paths.projects} size="sm">
              See its projects
            </Anchor>
          </>
        ),
      };
  }
}

function resendLink(email: string | null): string {
  return email ? `${paths.resendConfirmation}?email=${encodeURIComponent(email)}` : paths.resendConfirmation;
}

/** The account flows' result page (docs/product.md#account-pages): one card per query flag, and Log in. */
export function AuthResultPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const flags = FLAGS.filter((flag) => searchParams.has(flag));
  const error = searchParams.get('error');

  return (
    <CenteredPanel
      title={error ? 'This link can no longer be used' : 'Almost there'}
      subtitle={subtitleFor(error, flags)}
    >
      <Stack gap="md">
        {error ? (
          <LinkFailedCard flags={flags} />
        ) : (
          flags.map((flag) => {
            const card = cardFor(flag, email);
            return (
              <ResultCard key={flag} icon={card.icon} color={card.color} title={MESSAGES.authCards[flag]}>
                {card.text}
              </ResultCard>
            );
          })
        )}
        {!error && flags.some((flag) => EMAIL_SENT.includes(flag)) ? <DevMailboxHint /> : null}
        <Button component={Link} to={paths.login} fullWidth mt="xs">
          Log in
        </Button>
      </Stack>
    </CenteredPanel>
  );
}

/**
 * A newcomer who ran `npm start` has no email server: the server keeps the emails on its dev
 * mailbox page, and says so only to a browser on its own machine (the only one it shows it to).
 */
function DevMailboxHint() {
  const providers = useAuthProviders();
  if (!providers.data?.dev_mailbox) return null;
  return (
    <Text size="sm" c="dimmed">
      No email server is set up, so Figgle keeps its emails in the{' '}
      <Anchor href={paths.devMailbox} target="_blank" rel="noopener" size="sm">
        dev mailbox
      </Anchor>
      .
    </Text>
  );
}

function subtitleFor(error: string | null, flags: Flag[]): string | undefined {
  if (error) return undefined;
  if (flags.includes('activation')) return 'Welcome to Figgle.';
  if (flags.length === 0) return 'Nothing to show here: log in to continue.';
  return 'Check your inbox to continue.';
}

function LinkFailedCard({ flags }: { flags: Flag[] }) {
  const magic = flags.includes('magic');
  return (
    <ResultCard
      icon={IconLinkOff}
      color="orange"
      title={magic ? 'This sign-in link has expired' : 'This confirmation link has expired'}
    >
      It was already used, or it is too old.{' '}
      {magic ? (
        <Anchor component={Link} to={paths.magicLogin} size="sm">
          Send a new magic link
        </Anchor>
      ) : (
        <Anchor component={Link} to={paths.resendConfirmation} size="sm">
          Resend the confirmation email
        </Anchor>
      )}
    </ResultCard>
  );
}

interface ResultCardProps {
  icon: TablerIcon;
  color: string;
  title: string;
  children: ReactNode;
}

function ResultCard({ icon: CardIcon, color, title, children }: ResultCardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" color={color} size={40} radius="xl">
          <CardIcon size={22} stroke={1.75} aria-hidden />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {children}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
