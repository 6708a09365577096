import type { TaskStatus } from '@figgle/shared/status';
import { Select, SimpleGrid } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { t } from '../../../lib/i18n/i18n';
import { membersQueryOptions } from '../../../shared/api/list-members';
import { useOrganizations } from '../../../shared/api/list-organizations';
import { useStatusChoices } from '../../../shared/api/list-project-statuses';
import { useProjects } from '../../../shared/api/list-projects';
import type { SearchFilters as Filters } from '../api/search';

export interface SearchFiltersProps {
  value: Filters;
  onChange: (next: Filters) => void;
}

/** Project, status and assignee: they narrow the tasks and comments found. */
export function SearchFilters({ value, onChange }: SearchFiltersProps) {
  const projects = useProjects();
  const organizations = useOrganizations();
  const project = projects.data?.find((candidate) => candidate.project_id === value.projectId);
  // The members of the chosen project's organization, or of every organization of the user.
  const organizationIds = project
    ? [project.organization_id]
    : (organizations.data ?? []).map((organization) => organization.organization_id);
  const members = useQueries({ queries: organizationIds.map((id) => membersQueryOptions(id)) });
  // The chosen project's own statuses by name; across projects, the four every project starts with.
  const statusOptions = useStatusChoices(project?.project_id).map((status) => ({
    value: status.key,
    label: status.name,
  }));
  if (value.status && !statusOptions.some((option) => option.value === value.status))
    statusOptions.push({ value: value.status, label: value.status });

  const byOrganization = new Map<string, { value: string; label: string }[]>();
  for (const candidate of projects.data ?? []) {
    const items = byOrganization.get(candidate.organization.name) ?? [];
    items.push({ value: candidate.project_id, label: `${candidate.name} (${candidate.trigram})` });
    byOrganization.set(candidate.organization.name, items);
  }
  const projectOptions = [...byOrganization].map(([group, items]) => ({ group, items }));

  const people = new Map<string, string>();
  for (const member of members.flatMap((answer) => answer.data ?? []))
    people.set(member.user_id, `${member.firstname} ${member.lastname}`.trim() || member.email);
  const assigneeOptions = [
    { value: 'me', label: t('search.me') },
    // The empty choice reads "None", as in every picker (docs/product.md#shared-widgets).
    { value: 'none', label: t('search.none') },
    ...[...people]
      .map(([id, name]) => ({ value: id, label: name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
  // A member filter from a link stays shown while the members load.
  if (value.assignee && !assigneeOptions.some((option) => option.value === value.assignee))
    assigneeOptions.push({ value: value.assignee, label: t('search.aMember') });

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label={t('search.project')}
        placeholder={t('messages.selectPlaceholder')}
        data={projectOptions}
        value={value.projectId ?? null}
        onChange={(projectId) => onChange({ ...value, projectId: projectId ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('messages.selectNoMatch')}
      />
      <Select
        label={t('search.status')}
        placeholder={t('messages.selectPlaceholder')}
        data={statusOptions}
        value={value.status ?? null}
        onChange={(status) => onChange({ ...value, status: (status as TaskStatus | null) ?? undefined })}
        clearable
      />
      <Select
        label={t('search.assignee')}
        placeholder={t('messages.selectPlaceholder')}
        data={assigneeOptions}
        value={value.assignee ?? null}
        onChange={(assignee) => onChange({ ...value, assignee: assignee ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('messages.selectNoMatch')}
      />
    </SimpleGrid>
  );
}
