import type { MESSAGES } from '@figgle/shared/constants';
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
import { t, tRich } from '../../../lib/i18n/i18n';
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
  title: string;
  text: ReactNode;
}

function cardFor(flag: Flag, email: string | null): Card {
  switch (flag) {
    case 'creation':
      return {
        icon: IconMailForward,
        color: 'figgle',
        title: t('messages.authCards.creation'),
        text: (
          <>
            {email
              ? tRich('auth.creationSentTo', { email, strong: (chunks) => <strong>{chunks}</strong> })
              : t('auth.creationSentToYourEmail')}{' '}
            <Anchor component={Link} to={resendLink(email)} size="sm">
              {t('auth.resendConfirmationEmail')}
            </Anchor>
          </>
        ),
      };
    case 'activation':
      return {
        icon: IconCircleCheck,
        color: 'teal',
        title: t('messages.authCards.activation'),
        text: t('auth.accountActive'),
      };
    case 'confirmation':
      return {
        icon: IconMailForward,
        color: 'figgle',
        title: t('messages.authCards.confirmation'),
        text: t('auth.confirmationSent'),
      };
    case 'magic':
      return {
        icon: IconSparkles,
        color: 'figgle',
        title: t('messages.authCards.magic'),
        text: t('auth.magicSent'),
      };
    case 'password':
      return {
        icon: IconMailCheck,
        color: 'figgle',
        title: t('messages.authCards.password'),
        text: t('auth.passwordSent'),
      };
    case 'invitation':
      return {
        icon: IconUsersGroup,
        color: 'teal',
        title: t('messages.authCards.invitation'),
        text: (
          <>
            {t('auth.nowMember')}{' '}
            <Anchor component={Link} to={paths.projects} size="sm">
              {t('auth.seeItsProjects')}
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
      title={error ? t('auth.linkUnusable') : t('auth.almostThere')}
      subtitle={subtitleFor(error, flags)}
    >
      <Stack gap="md">
        {error ? (
          <LinkFailedCard flags={flags} />
        ) : (
          flags.map((flag) => {
            const card = cardFor(flag, email);
            return (
              <ResultCard key={flag} icon={card.icon} color={card.color} title={card.title}>
                {card.text}
              </ResultCard>
            );
          })
        )}
        {!error && flags.some((flag) => EMAIL_SENT.includes(flag)) ? <DevMailboxHint /> : null}
        <Button component={Link} to={paths.login} fullWidth mt="xs">
          {t('auth.logIn')}
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
      {tRich('auth.devMailboxHint', {
        link: (chunks) => (
          <Anchor href={paths.devMailbox} target="_blank" rel="noopener" size="sm">
            {chunks}
          </Anchor>
        ),
      })}
    </Text>
  );
}

function subtitleFor(error: string | null, flags: Flag[]): string | undefined {
  if (error) return undefined;
  if (flags.includes('activation')) return t('auth.welcomeToFiggle');
  if (flags.length === 0) return t('auth.nothingToShow');
  return t('auth.checkInbox');
}

function LinkFailedCard({ flags }: { flags: Flag[] }) {
  const magic = flags.includes('magic');
  return (
    <ResultCard
      icon={IconLinkOff}
      color="orange"
      title={magic ? t('auth.magicLinkExpired') : t('auth.confirmationLinkExpired')}
    >
      {t('auth.linkUsedOrOld')}{' '}
      {magic ? (
        <Anchor component={Link} to={paths.magicLogin} size="sm">
          {t('auth.sendNewMagicLink')}
        </Anchor>
      ) : (
        <Anchor component={Link} to={paths.resendConfirmation} size="sm">
          {t('auth.resendConfirmationEmail')}
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
