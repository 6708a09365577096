import type { ImportView } from '@figgle/shared/import-schemas';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useProjects } from '../../../shared/api/list-projects';
import { queryKeys } from '../../../shared/api/query-keys';
import { paths } from '../../../shared/paths';
import { PageHeader } from '../../../ui/page-header';
import { importQueryKey, useImport } from '../api/get-import';
import { useProjectImports } from '../api/list-project-imports';
import { ImportChooseFile } from '../components/import-choose-file';
import { ImportMapping } from '../components/import-mapping';
import { ImportProgress } from '../components/import-progress';

/**
 * Import (docs/product.md#import), into a project (/project/:projectId/import, from its settings) or
 * into a new project (/projects/import, from "Add a project"). The run's id is in the address
 * (?import=…), so a reload, or coming back later, shows the same run where it is.
 */
export function ImportPage() {
  const { projectId = null } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('import');
  const queryClient = useQueryClient();
  const run = useImport(importId);
  const projects = useProjects();
  const earlier = useProjectImports(importId === null ? projectId : null);
  const project = projects.data?.find((candidate) => candidate.project_id === projectId);

  // Back on a project's Import screen while one of its imports is still running: show that one.
  const running = earlier.data?.find(
    (candidate) => candidate.state === 'queued' || candidate.state === 'running',
  );
  useEffect(() => {
    if (running && importId === null) setSearchParams({ import: running.import_id }, { replace: true });
  }, [running, importId, setSearchParams]);

  // The import writes its tasks in a job, without a live event per task: a board read before it
  // ended would otherwise show the project as it was until its next refresh. Read again now, even
  // with no board on screen: a read still in flight from before the end is replaced, not trusted.
  const finishedProject = run.data?.state === 'done' ? run.data.project_id : null;
  useEffect(() => {
    if (finishedProject === null) return;
    void queryClient.invalidateQueries({
      queryKey: queryKeys.projectTasks(finishedProject),
      refetchType: 'all',
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
  }, [finishedProject, queryClient]);

  const show = (analysed: ImportView) => {
    queryClient.setQueryData(importQueryKey(analysed.import_id), analysed);
    setSearchParams({ import: analysed.import_id });
  };
  const again = () => setSearchParams({});

  return (
    <>
      <PageHeader
        title={project ? t('projects.importInto', { name: project.name }) : t('projects.importFromFile')}
        subtitle={
          project ? (
            <Anchor component={Link} to={paths.projectKanban(project.project_id)} size="sm">
              {t('projects.backToBoard')}
            </Anchor>
          ) : (
            t('projects.importNewProjectHint')
          )
        }
      />
      <Stack gap="lg">
        {importId === null ? <ImportChooseFile projectId={projectId} onAnalysed={show} /> : null}
        {importId !== null && run.isPending ? <Loader aria-label={t('projects.loadingImport')} /> : null}
        {importId !== null && run.isError ? (
          <Alert color="red" title={t('projects.importCannotBeShown')} role="alert">
            {run.error.message}
          </Alert>
        ) : null}
        {run.data && importId !== null ? (
          run.data.state === 'analysed' ? (
            <ImportMapping key={run.data.import_id} run={run.data} onCancel={again} />
          ) : (
            <ImportProgress run={run.data} onAnother={again} />
          )
        ) : null}
      </Stack>
    </>
  );
}
