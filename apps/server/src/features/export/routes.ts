import { projectIdParams } from '@figgle/shared/project-schemas';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { type CurrentUser, requireUser } from '../../auth/current-user.ts';
import { notFound } from '../../http/errors.ts';
import { fileAnswer } from '../../http/response-schemas.ts';
import { authorize, authorizeInProject } from '../../policies/authorize.ts';
import { organizationExportJson, projectExportJson } from './project-export-json.ts';
import { exportedOrganization, exportedProject } from './queries.ts';
import { exportDay, safeFileName, sendDownload } from './send-download.ts';
import { tasksCsv } from './tasks-csv.ts';

const organizationParams = z.object({ organizationId: z.uuid() });

export async function exportRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  /** The live project, once the user may export it: 404 outside its organization. */
  async function projectToExport(user: CurrentUser, projectId: string) {
    await authorizeInProject(db, user, 'project.export', projectId);
    const project = await exportedProject(db, projectId);
    if (!project) throw notFound('Project');
    return project;
  }

  app.get(
    '/api/projects/:projectId/export.json',
    {
      schema: {
        tags: ['export'],
        params: projectIdParams,
        response: {
          200: fileAnswer(
            'application/json',
            'The whole project as a figgle-project file (project-export-schemas).',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const project = await projectToExport(user, request.params.projectId);
      const exportedAt = new Date().toISOString();
      return sendDownload(request, reply, {
        contentType: 'application/json; charset=utf-8',
        fileName: safeFileName([project.trigram, project.name, exportDay(exportedAt)], 'json'),
        chunks: projectExportJson(db, project, exportedAt),
      });
    },
  );

  app.get(
    '/api/projects/:projectId/export.csv',
    {
      schema: {
        tags: ['export'],
        params: projectIdParams,
        response: { 200: fileAnswer('text/csv', "The project's live tasks, one per line (RFC 4180).") },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const project = await projectToExport(user, request.params.projectId);
      return sendDownload(request, reply, {
        contentType: 'text/csv; charset=utf-8',
        fileName: safeFileName([project.trigram, project.name, exportDay(new Date().toISOString())], 'csv'),
        chunks: tasksCsv(db, project),
      });
    },
  );

  app.get(
    '/api/organizations/:organizationId/export.json',
    {
      schema: {
        tags: ['export'],
        params: organizationParams,
        response: {
          200: fileAnswer(
            'application/json',
            'The whole organization as a figgle-organization file (owners only).',
          ),
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { organizationId } = request.params;
      await authorize(db, user, 'organization.export', organizationId);
      const organization = await exportedOrganization(db, organizationId);
      if (!organization) throw notFound('Organization');
      const exportedAt = new Date().toISOString();
      return sendDownload(request, reply, {
        contentType: 'application/json; charset=utf-8',
        fileName: safeFileName(['figgle', organization.name, exportDay(exportedAt)], 'json'),
        chunks: organizationExportJson(db, organizationId, exportedAt),
      });
    },
  );
}
