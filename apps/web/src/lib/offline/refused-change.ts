import { type Mutation, MutationObserver, type QueryClient } from '@tanstack/react-query';
import { toastRefusedChange } from '../../ui/toast';
import { ApiRequestError } from '../api-client';
import { intlLocale, t } from '../i18n/i18n';
import { offlineMutationKeys } from './mutation-keys';
import { wasQueued } from './offline-queue';

type AnyMutation = Mutation<unknown, unknown, unknown, unknown>;

interface TaskRow {
  task_id: string;
  project_id?: string;
  reference?: number;
  project?: { trigram?: string };
}

const sameKey = (a: readonly unknown[] | undefined, b: readonly unknown[]) =>
  !!a && a.length === b.length && a.every((part, index) => part === b[index]);

/** How people name the task ("CHE-1"), from whatever copy of it the cache holds. */
function taskReferenceIn(queryClient: QueryClient, taskId: string): string {
  const copies: TaskRow[] = [];
  const page = queryClient.getQueryData<TaskRow>(['task', taskId]);
  if (page) copies.push(page);
  for (const query of queryClient.getQueryCache().getAll()) {
    const [root] = query.queryKey;
    if ((root !== 'tasks' && root !== 'my-tasks') || !Array.isArray(query.state.data)) continue;
    const row = (query.state.data as TaskRow[]).find((task) => task.task_id === taskId);
    if (row) copies.push(row);
  }
  const reference = copies.find((copy) => typeof copy.reference === 'number')?.reference;
  if (reference === undefined) return t('lib.aTask');
  const trigram =
    copies.find((copy) => copy.project?.trigram)?.project?.trigram ??
    copies
      .map((copy) =>
        copy.project_id
          ? queryClient.getQueryData<{ trigram?: string }>(['project', copy.project_id])?.trigram
          : undefined,
      )
      .find(Boolean);
  return trigram ? `${trigram.toUpperCase()}-${reference}` : `#${reference}`;
}

/** A function, not a constant: the catalogue loads after this module. */
const fieldNames = (): Array<[string[], string]> => [
  [['title'], t('lib.fieldTitle')],
  [['status'], t('lib.fieldStatus')],
  [['assignee_id'], t('lib.fieldAssignee')],
  [['due_on', 'due_at'], t('lib.fieldDueDate')],
  [['start_date'], t('lib.fieldStartDate')],
  [['priority'], t('lib.fieldPriority')],
  [['estimate'], t('lib.fieldEstimate')],
];

function listed(words: string[]): string {
  if (words.length <= 1) return words[0] ?? t('lib.fieldChange');
  // English as it always read ('title, status and priority'); the other languages by their own rules.
  if (intlLocale() !== 'en') return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(words);
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** What was lost, said the way a person thinks of it: "The status of CHE-1 could not be saved". */
function refusedChangeTitle(
  queryClient: QueryClient,
  mutation: Pick<AnyMutation, 'options' | 'state'>,
): string | null {
  const key = mutation.options.mutationKey;
  const variables = mutation.state.variables as
    | { taskId?: unknown; changes?: Record<string, unknown> }
    | undefined;
  if (!variables || typeof variables.taskId !== 'string') return null;
  const task = taskReferenceIn(queryClient, variables.taskId);
  if (sameKey(key, offlineMutationKeys.updateTask)) {
    const changes = variables.changes ?? {};
    const fields = fieldNames()
      .filter(([names]) => names.some((name) => name in changes))
      .map(([, word]) => word);
    return t('lib.refusedFields', { fields: listed(fields), task });
  }
  if (sameKey(key, offlineMutationKeys.setTaskLabels)) return t('lib.refusedLabels', { task });
  if (sameKey(key, offlineMutationKeys.kanbanUpdate)) return t('lib.refusedMove', { task });
  if (sameKey(key, offlineMutationKeys.createComment)) return t('lib.refusedComment', { task });
  if (
    sameKey(key, offlineMutationKeys.addChecklistItem) ||
    sameKey(key, offlineMutationKeys.updateChecklistItem) ||
    sameKey(key, offlineMutationKeys.deleteChecklistItem)
  )
    return t('lib.refusedChecklist', { task });
  if (sameKey(key, offlineMutationKeys.setParent)) return t('lib.refusedParent', { task });
  if (sameKey(key, offlineMutationKeys.moveSubtask)) return t('lib.refusedSubtaskPlace', { task });
  if (sameKey(key, offlineMutationKeys.addRelation) || sameKey(key, offlineMutationKeys.removeRelation))
    return t('lib.refusedRelation', { task });
  return null;
}

/**
 * The server's own words when it refused the change as such (a parent that would close a cycle, an
 * estimate outside the project's scale, the same relation twice): they tell the person what to do,
 * where "something went wrong" would not.
 */
function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  return error.statusCode === 400 || error.statusCode === 409 ? error.message : null;
}

/**
 * A change that may wait offline was refused (the task was deleted meanwhile, the person lost
 * access, the server said no): it is never dropped in silence. Its undo has already put the views
 * back; this says which change of which task was lost, and Retry sends the same change again (at
 * the end of the queue, through its key's registered request). A comment sent online is left to its
 * write area, which keeps the draft and says so.
 */
export function reportRefusedChange(queryClient: QueryClient, mutation: AnyMutation, error: unknown): void {
  if (sameKey(mutation.options.mutationKey, offlineMutationKeys.createComment) && !wasQueued(mutation))
    return;
  const title = refusedChangeTitle(queryClient, mutation);
  if (!title) return;
  const { mutationKey } = mutation.options;
  // A board move's copy of the lists describes the page as it was then: not sent again.
  const { variables } =
    mutation.state.variables &&
    typeof mutation.state.variables === 'object' &&
    'snapshot' in mutation.state.variables
      ? {
          variables: (({ snapshot: _snapshot, ...rest }) => rest)(
            mutation.state.variables as Record<string, unknown>,
          ),
        }
      : mutation.state;
  toastRefusedChange({
    title,
    message: refusalReason(error) ?? t('messages.saveFailed'),
    // Refused again, the mutation cache's error handler says so (in the same toast): not thrown here.
    onRetry: () =>
      new MutationObserver<unknown, unknown, unknown>(queryClient, { mutationKey }).mutate(variables).then(
        () => true,
        () => false,
      ),
  });
}
