import { Stack } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { CenteredPanel } from '../../../ui/centered-panel';
import { showErrorDialog } from '../../../ui/error-dialog';
import { toastSuccess } from '../../../ui/toast';
import { BackToLoginLink } from './back-to-login-link';
import { EmailForm } from './email-form';

/**
 * A page that asks for an email address and has a link sent to it (a sign-in link, the confirmation
 * again, a password reset): once it is sent, a toast says so and the result page (`result`, its
 * query) tells what comes next; a refusal opens the error dialog.
 */
export function SendLinkPanel<Answer>({
  title,
  subtitle,
  formLabel,
  submitLabel,
  initialEmail,
  send,
  sentToast,
  result,
  notice,
}: {
  title: string;
  subtitle: string;
  formLabel: string;
  submitLabel: string;
  initialEmail?: string;
  send: Pick<UseMutationResult<Answer, Error, string>, 'mutate' | 'isPending'>;
  sentToast: (email: string) => string;
  result: string;
  /** Above the form: why the person is here again (a link that could not be used). */
  notice?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <CenteredPanel title={title} subtitle={subtitle}>
      <Stack gap="lg">
        {notice}
        <EmailForm
          label={formLabel}
          submitLabel={submitLabel}
          initialEmail={initialEmail}
          submitting={send.isPending}
          onSubmit={(email) =>
            send.mutate(email, {
              onSuccess: () => {
                toastSuccess(sentToast(email));
                navigate(`${paths.authResult}?${result}`);
              },
              onError: (error) => void showErrorDialog(error),
            })
          }
        />
        <BackToLoginLink />
      </Stack>
    </CenteredPanel>
  );
}
