import { DEFAULT_FIGMA_FILE_NAME } from '@figgle/shared/constants';
import type { AppDeps } from '../../../app-types.ts';
import type { CurrentUser } from '../../../auth/current-user.ts';
import { projectChanged } from '../../../commands/announcements.ts';
import { publishAfterCommit } from '../../../commands/publish-after-commit.ts';
import { figmaClient, tokenOfUser } from '../../../figma/tokens.ts';
import { conflict } from '../../../http/errors.ts';
import { authorizeInProject } from '../../../policies/authorize.ts';
import { type DesignLinkRow, designLinkById } from '../queries.ts';

const FILE_NAME_MAX = 300;

/**
 * Links a design file to a project of an organization the user owns. The link is named after the
 * file when Figma tells its name (with the user's token), else 'Figma File'.
 */
export async function createDesignLink(
  { db, env, bus }: Pick<AppDeps, 'db' | 'env' | 'bus'>,
  user: CurrentUser,
  values: { figmaFileId: string; projectId: string },
): Promise<DesignLinkRow> {
  const organizationId = await authorizeInProject(
    db,
    user,
    'organization.manageDesignLinks',
    values.projectId,
  );

  const existing = await db
    .selectFrom('file')
    .select('file_id')
    .where('figma_file_id', '=', values.figmaFileId)
    .where('project_id', '=', values.projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) throw conflict('This Figma file is already linked to this project.');

  const name = await fileNameFromFigma(db, env, user.user_id, values.figmaFileId);
  const fileId = await publishAfterCommit(
    bus,
    async () => {
      const inserted = await db
        .insertInto('file')
        .values({ figma_file_id: values.figmaFileId, project_id: values.projectId, name })
        .onConflict((oc) =>
          oc.columns(['figma_file_id', 'project_id']).where('deleted_at', 'is', null).doNothing(),
        )
        .returning('file_id')
        .executeTakeFirst();
      if (!inserted) throw conflict('This Figma file is already linked to this project.');
      return inserted.file_id;
    },
    () => projectChanged('updated', organizationId, values.projectId, user.user_id),
  );
  const row = await designLinkById(db, fileId);
  if (!row) throw new Error('The new design link cannot be read back');
  return row;
}

async function fileNameFromFigma(
  db: AppDeps['db'],
  env: AppDeps['env'],
  userId: string,
  fileKey: string,
): Promise<string> {
  const token = await tokenOfUser(db, env, userId);
  if (!token) return DEFAULT_FIGMA_FILE_NAME;
  try {
    const name = await figmaClient(env, token).getFileName(fileKey);
    return Array.from(name).slice(0, FILE_NAME_MAX).join('');
  } catch {
    return DEFAULT_FIGMA_FILE_NAME;
  }
}
