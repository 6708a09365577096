import { Center, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { projectAddress } from '../../../shared/current-project';
import { PageHeader } from '../../../ui/page-header';
import { type SearchFilters as Filters, useSearchPageGroup } from '../api/search';
import { ResultGroup } from '../components/result-group';
import { CommentResult, ProjectResult, TaskResult } from '../components/result-items';
import { SearchFilters } from '../components/search-filters';
import { readSearchParams, writeSearchParams } from '../search-params';

/** The text is put in the address (and searched) once typing pauses this long. */
const TYPING_PAUSE_MS = 250;

/**
 * search: every result for a text, tasks first, then comments, then projects, 20 at a time, narrowed
 * by project, status and assignee; all of it in the address (docs/product.md#search-and-shortcuts).
 */
export function SearchPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { q, ...filters } = readSearchParams(params);
  const [text, setText] = useState(q);

  // What this page last put in the address; another text there came from elsewhere (the palette's
  // "See all results", back and forward) and is shown.
  const written = useRef(q);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);
  const commitText = useDebouncedCallback((value: string) => {
    written.current = value;
    setParams((previous) => writeSearchParams({ ...readSearchParams(previous), q: value }), {
      replace: true,
    });
  }, TYPING_PAUSE_MS);

  const setFilters = (next: Filters) => setParams(writeSearchParams({ q, ...next }), { replace: true });

  const tasks = useSearchPageGroup('task', q, filters);
  const comments = useSearchPageGroup('comment', q, filters);
  const projects = useSearchPageGroup('project', q, filters);
  const groups = [tasks, comments, projects];
  const loading = groups.some((group) => group.isPending && group.fetchStatus !== 'idle');
  const failed = groups.some((group) => group.isError);
  const found = groups.some((group) =>
    group.data?.pages.some(
      (page) => page.tasks.items.length + page.comments.items.length + page.projects.items.length > 0,
    ),
  );

  return (
    <>
      <PageHeader
        title={t('search.title')}
        subtitle={t('search.subtitle')}
        leading={<IconSearch size={26} stroke={1.8} aria-hidden />}
      />
      <Stack gap="lg">
        <TextInput
          label={t('search.searchFor')}
          placeholder={t('search.pagePlaceholder')}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commitText(event.currentTarget.value.trim());
          }}
          // Enter searches at once, without waiting for the pause.
          onKeyDown={(event) => event.key === 'Enter' && commitText.flush()}
          leftSection={<IconSearch size={16} aria-hidden />}
          data-search-page-input
        />
        <SearchFilters value={filters} onChange={setFilters} />
        {q === '' ? (
          <Text c="dimmed">{t('search.typeToSearch')}</Text>
        ) : loading && !found ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('search.searching')} />
          </Center>
        ) : failed && !found ? (
          <Text c="red" role="alert">
            {t('messages.loadFailed')}
          </Text>
        ) : !found ? (
          <Paper withBorder radius="md" p="xl">
            <Text ta="center">{t('search.nothingFound', { q })}</Text>
          </Paper>
        ) : (
          <Stack gap="xl" data-results-for={q}>
            <ResultGroup
              title={t('search.tasks')}
              seeMoreLabel={t('search.seeMoreTasks')}
              group={tasks}
              items={(answer) => answer.tasks.items}
              itemKey={(hit) => hit.task_id}
              render={(hit) => <TaskResult hit={hit} />}
            />
            <ResultGroup
              title={t('search.comments')}
              seeMoreLabel={t('search.seeMoreComments')}
              group={comments}
              items={(answer) => answer.comments.items}
              itemKey={(hit) => hit.comment_id}
              render={(hit) => <CommentResult hit={hit} />}
            />
            <ResultGroup
              title={t('search.projects')}
              seeMoreLabel={t('search.seeMoreProjects')}
              group={projects}
              items={(answer) => answer.projects.items}
              itemKey={(hit) => hit.project_id}
              render={(hit) => <ProjectResult hit={hit} to={projectAddress(queryClient, hit.project_id)} />}
            />
          </Stack>
        )}
      </Stack>
    </>
  );
}
