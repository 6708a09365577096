import { MESSAGES } from '@figgle/shared/constants';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutGrid, IconList, IconPlus } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { lazyReady } from '../../../app/lazy-ready';
import { paths } from '../../../app/paths';
import { PageHeader } from '../../../ui/page-header';
import { toastError } from '../../../ui/toast';
import { useProjects } from '../api/list-projects';
import type { AddProjectDialogProps } from '../components/add-project-dialog';
import { ProjectCards } from '../components/project-cards';
import { ProjectsTable } from '../components/projects-table';
import { ViewSwitch } from '../components/view-switch';

// The form's inputs (select, textarea, checkbox…) are half the page's code: fetched when the page has
// shown its projects, or when the pointer or focus reaches the button, not before the first rows.
const AddProjectDialog = lazyReady<AddProjectDialogProps>(
  async () => (await import('../components/add-project-dialog')).AddProjectDialog,
);

/** One screen, two addresses: /projects shows the table, /projects-cards the cards. */
export function ProjectsPage() {
  const { pathname } = useLocation();
  const asCards = pathname === paths.projectsCards;
  const projects = useProjects();
  const [adding, addDialog] = useDisclosure(false);
  // Mounted, closed, once its code is here: the modal then sees itself open (and remembers where the
  // focus was, to give it back) as with any dialog.
  const [dialogReady, setDialogReady] = useState(false);
  const loadDialog = useCallback(() => AddProjectDialog.preload().then(() => setDialogReady(true)), []);
  const preloadDialog = () => void loadDialog();
  const openDialog = () => {
    if (dialogReady) addDialog.open();
    else void loadDialog().then(() => requestAnimationFrame(addDialog.open));
  };

  useEffect(() => {
    if (!projects.isSuccess) return;
    const load = () => void loadDialog();
    const idle = window.requestIdleCallback?.(load, { timeout: 2_000 });
    const timer = idle === undefined ? window.setTimeout(load, 500) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [projects.isSuccess, loadDialog]);

  useEffect(() => {
    if (projects.isError) toastError(MESSAGES.loadFailed);
  }, [projects.isError]);

  return (
    <>
      <PageHeader
        title="Projects"
        tag="Cross-Organizations"
        actions={
          <>
            <ViewSwitch
              choices={[
                {
                  label: 'List view',
                  to: paths.projects,
                  icon: <IconList size={17} stroke={1.8} aria-hidden />,
                  active: !asCards,
                },
                {
                  label: 'Card view',
                  to: paths.projectsCards,
                  icon: <IconLayoutGrid size={17} stroke={1.8} aria-hidden />,
                  active: asCards,
                },
              ]}
            />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={openDialog}
              onPointerEnter={preloadDialog}
              onFocus={preloadDialog}
            >
              Add a project
            </Button>
          </>
        }
      />
      {asCards ? (
        <ProjectCards projects={projects.data} loading={projects.isPending} />
      ) : (
        <ProjectsTable projects={projects.data} loading={projects.isPending} />
      )}
      {dialogReady ? (
        <Suspense fallback={null}>
          <AddProjectDialog opened={adding} onClose={addDialog.close} />
        </Suspense>
      ) : null}
    </>
  );
}
