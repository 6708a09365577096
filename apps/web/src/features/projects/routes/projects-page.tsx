import { Button, Paper } from '@mantine/core';
import { IconLayoutGrid, IconList, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../../lib/i18n/i18n';
import { useLazyDialog } from '../../../lib/lazy-dialog';
import { lazyReady } from '../../../lib/lazy-ready';
import { useProjects } from '../../../shared/api/list-projects';
import { paths } from '../../../shared/paths';
import { AddFirstButton, EmptyState } from '../../../ui/empty-state';
import { PageHeader } from '../../../ui/page-header';
import { useFailureToast } from '../../../ui/toast';
import { ViewSwitch } from '../../../ui/view-switch';
import type { AddProjectDialogProps } from '../components/add-project-dialog';
import { ProjectCards } from '../components/project-cards';
import { ProjectsTable } from '../components/projects-table';

// The form's inputs (select, textarea, checkbox…) are half the page's code: fetched when the page has
// shown its projects, or when the pointer or focus reaches the button, not before the first rows.
const AddProjectDialog = lazyReady<AddProjectDialogProps>(
  async () => (await import('../components/add-project-dialog')).AddProjectDialog,
);

function ProjectsList({ asCards, addFirst }: { asCards: boolean; addFirst: ReactNode }) {
  const { data, isPending } = useProjects();
  // Outside the table, whose scrolling width would push the note off a phone's screen.
  if (data?.length === 0) {
    return (
      <Paper
        withBorder
        radius="md"
        style={{ backgroundColor: 'var(--figgle-surface)', borderColor: 'var(--figgle-border)' }}
      >
        <EmptyState label={t('projects.noProjectYet')} hint={t('projects.noProjectHint')} action={addFirst} />
      </Paper>
    );
  }
  return asCards ? (
    <ProjectCards projects={data} loading={isPending} />
  ) : (
    <ProjectsTable projects={data} loading={isPending} />
  );
}

/** One screen, two addresses: /projects shows the table, /projects-cards the cards. */
export function ProjectsPage() {
  const { pathname } = useLocation();
  const asCards = pathname === paths.projectsCards;
  // Only these two are read here (the query tracks what its result is read for): a change to the
  // projects renders the list below, not the page's header and frame.
  const { isSuccess, isError } = useProjects();
  const addDialog = useLazyDialog(AddProjectDialog, isSuccess);

  useFailureToast(isError, t('messages.loadFailed'));

  return (
    <>
      <PageHeader
        title={t('projects.title')}
        tag={t('projects.crossOrganizations')}
        actions={
          <>
            <ViewSwitch
              choices={[
                {
                  label: t('projects.listView'),
                  to: paths.projects,
                  icon: <IconList size={17} stroke={1.8} aria-hidden />,
                  active: !asCards,
                },
                {
                  label: t('projects.cardView'),
                  to: paths.projectsCards,
                  icon: <IconLayoutGrid size={17} stroke={1.8} aria-hidden />,
                  active: asCards,
                },
              ]}
            />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={addDialog.open}
              onPointerEnter={addDialog.preload}
              onFocus={addDialog.preload}
            >
              {t('projects.addProject')}
            </Button>
          </>
        }
      />
      <ProjectsList
        asCards={asCards}
        addFirst={<AddFirstButton label={t('projects.addFirstProject')} dialog={addDialog} />}
      />
      {addDialog.ready ? <AddProjectDialog opened={addDialog.opened} onClose={addDialog.close} /> : null}
    </>
  );
}
