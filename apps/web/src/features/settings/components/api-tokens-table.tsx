import type { ApiTokenView } from '@figgle/shared/api-token-schemas';
import { relativeTime } from '@figgle/shared/relative-time';
import { Button, Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-client';
import { confirm } from '../../../ui/confirm/confirm-service';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useRevokeApiToken } from '../api/revoke-api-token';

const reason = (error: unknown) =>
  error instanceof ApiRequestError && error.statusCode < 500
    ? error.message
    : 'Sorry, something went wrong. Please reload the page and try again.';

function When({ at, never }: { at: string | null; never: string }) {
  if (!at)
    return (
      <Text size="sm" c="dimmed">
        {never}
      </Text>
    );
  return (
    <Text size="sm" title={new Date(at).toLocaleString()}>
      {relativeTime(at)}
    </Text>
  );
}

/** The person's tokens: what each may do, when it was last used, and a way to end it. */
export function ApiTokensTable({ tokens }: { tokens: ApiTokenView[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="API tokens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>Name</Table.Th>
            <Table.Th>Scope</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <ApiTokenRow key={token.api_token_id} token={token} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ApiTokenRow({ token }: { token: ApiTokenView }) {
  const revoke = useRevokeApiToken();

  async function askToRevoke() {
    const sure = await confirm({
      title: `Revoke the token “${token.name}”?`,
      text: 'Scripts that use it are refused from their next request. This cannot be undone: a new token would have to be created and given to them.',
      confirmLabel: 'Revoke',
    });
    if (!sure) return;
    // Awaited rather than mutate's callbacks: the row leaves the list on success, and callbacks of
    // an unmounted component's mutate never run.
    try {
      await revoke.mutateAsync(token.api_token_id);
      toastSuccess(`The token “${token.name}” has been revoked.`);
    } catch (error) {
      toastError(reason(error));
    }
  }

  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm" fw={500}>
          {token.name}
        </Text>
        <Code fz="xs">{token.prefix}…</Code>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={token.scope === 'read' ? 400 : 600}>
          {token.scope === 'read' ? 'Read only' : 'Read and write'}
        </Text>
      </Table.Td>
      <Table.Td>
        <When at={token.created_at} never="" />
      </Table.Td>
      <Table.Td>
        <When at={token.last_used_at} never="Never" />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          aria-label={`Revoke the token ${token.name}`}
          loading={revoke.isPending}
          onClick={askToRevoke}
        >
          Revoke
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
