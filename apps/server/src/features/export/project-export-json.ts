import type { CustomValue } from '@figgle/shared/custom-field-schemas';
import {
  EXPORT_VERSION,
  type ExportedTemplate,
  ORGANIZATION_EXPORT_FORMAT,
  PROJECT_EXPORT_FORMAT,
} from '@figgle/shared/project-export-schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { templatesOfProject } from '../task-templates/queries.ts';
import { projectCustomValues } from './custom-field-export.ts';
import {
  peopleNamedBy,
  presentCycle,
  presentLabel,
  presentMilestone,
  presentPerson,
  presentProjectHeader,
} from './presenter.ts';
import {
  type ExportProjectRow,
  exportedCycles,
  exportedLabels,
  exportedMembers,
  exportedMilestones,
  exportedOrganization,
  exportedPeople,
  exportedProject,
  exportedProjectIds,
} from './queries.ts';
import { exportedTaskPages } from './task-pages.ts';

/**
 * The text of a project export (projectExportSchema), piece by piece: the header, each page of
 * tasks, then the labels and people those tasks named, the milestones and the cycles. Nothing holds
 * the whole file.
 */
export async function* projectExportJson(
  db: Kysely<Database>,
  project: ExportProjectRow,
  exportedAt: string,
): AsyncGenerator<string> {
  const head = { format: PROJECT_EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: exportedAt };
  const cycles = await exportedCycles(db, project.project_id);
  const header = presentProjectHeader(project, cycles.settings);
  yield `${JSON.stringify(head).slice(0, -1)},"project":${JSON.stringify(header)},"tasks":[`;
  const custom = await projectCustomValues(db, project);
  const people = new Set<string>(custom.people);
  const labels = new Set<string>();
  let first = true;
  for await (const page of exportedTaskPages(db, project)) {
    const tasks = page.map((task) => ({ ...task, custom_values: custom.byTask.get(task.id) ?? [] }));
    for (const task of tasks) {
      for (const id of peopleNamedBy(task)) people.add(id);
      for (const id of task.labels) labels.add(id);
    }
    yield `${first ? '' : ','}${tasks.map((task) => JSON.stringify(task)).join(',')}`;
    first = false;
  }
  const templates = await exportedTemplates(db, project.project_id, custom.exported, people, labels);
  const labelRows = labels.size > 0 ? await exportedLabels(db, project.organization_id, [...labels]) : [];
  const personRows = people.size > 0 ? await exportedPeople(db, project.organization_id, [...people]) : [];
  const milestones = (await exportedMilestones(db, project.project_id)).map(presentMilestone);
  const knownLabels = new Set(labelRows.map((row) => row.label_id));
  for (const template of templates) template.labels = template.labels.filter((id) => knownLabels.has(id));
  yield `],"labels":${JSON.stringify(labelRows.map(presentLabel))},"members":${JSON.stringify(personRows.map(presentPerson))}`;
  yield `,"milestones":${JSON.stringify(milestones)},"cycles":${JSON.stringify(cycles.cycles.map(presentCycle))}`;
  yield `,"custom_fields":${JSON.stringify(custom.exported)},"templates":${JSON.stringify(templates)}}`;
}

/**
 * The project's task templates, with the labels and people they name added to the file's: values
 * of fields no longer on in the project are left out, as a task made from the template would.
 */
async function exportedTemplates(
  db: Kysely<Database>,
  projectId: string,
  fields: ReadonlyArray<{ id: string; kind: string }>,
  people: Set<string>,
  labels: Set<string>,
): Promise<ExportedTemplate[]> {
  const kindOf = new Map(fields.map((field) => [field.id, field.kind]));
  return (await templatesOfProject(db, projectId)).map((template) => {
    for (const id of template.label_ids) labels.add(id);
    const customValues = Object.entries(template.custom_values).flatMap(([field, value]) => {
      const kind = kindOf.get(field);
      if (!kind || value === null || value === undefined) return [];
      if (kind === 'person' && typeof value === 'string') people.add(value);
      return [{ field, value: value as CustomValue }];
    });
    return {
      name: template.name,
      title_pattern: template.title_pattern,
      description: template.content_json as ExportedTemplate['description'],
      checklist: template.checklist,
      subtasks: template.subtasks,
      labels: template.label_ids,
      priority: template.priority,
      estimate: template.estimate as ExportedTemplate['estimate'],
      custom_values: customValues,
    };
  });
}

/** The text of an organization export: its members and labels, then each live project in full. */
export async function* organizationExportJson(
  db: Kysely<Database>,
  organizationId: string,
  exportedAt: string,
): AsyncGenerator<string> {
  const organization = await exportedOrganization(db, organizationId);
  if (!organization) return;
  const members = (await exportedMembers(db, organizationId)).map(presentPerson);
  const labels = (await exportedLabels(db, organizationId)).map(presentLabel);
  const head = {
    format: ORGANIZATION_EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: exportedAt,
    organization: { name: organization.name, created_at: new Date(organization.created_at).toISOString() },
    members,
    labels,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"projects":[`;
  let first = true;
  for (const projectId of await exportedProjectIds(db, organizationId)) {
    // A project deleted since the list was read is left out rather than half written.
    const project = await exportedProject(db, projectId);
    if (!project) continue;
    if (!first) yield ',';
    first = false;
    yield* projectExportJson(db, project, exportedAt);
  }
  yield ']}';
}
