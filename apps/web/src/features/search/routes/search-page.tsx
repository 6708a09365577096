import { MESSAGES } from '@figgle/shared/constants';
import { Center, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
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
        title="Search"
        subtitle="Tasks, comments and projects of your organizations"
        leading={<IconSearch size={26} stroke={1.8} aria-hidden />}
      />
      <Stack gap="lg">
        <TextInput
          label="Search for"
          placeholder="Words, a reference like CHE-12…"
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
          <Text c="dimmed">Type a few words to find tasks, comments and projects.</Text>
        ) : loading && !found ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Searching" />
          </Center>
        ) : failed && !found ? (
          <Text c="red" role="alert">
            {MESSAGES.loadFailed}
          </Text>
        ) : !found ? (
          <Paper withBorder radius="md" p="xl">
            <Text ta="center">Nothing found for “{q}”.</Text>
          </Paper>
        ) : (
          <Stack gap="xl" data-results-for={q}>
            <ResultGroup
              title="Tasks"
              group={tasks}
              items={(answer) => answer.tasks.items}
              itemKey={(hit) => hit.task_id}
              render={(hit) => <TaskResult hit={hit} />}
            />
            <ResultGroup
              title="Comments"
              group={comments}
              items={(answer) => answer.comments.items}
              itemKey={(hit) => hit.comment_id}
              render={(hit) => <CommentResult hit={hit} />}
            />
            <ResultGroup
              title="Projects"
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
