import { figmaFileUrl } from '@figgle/shared/figma';
import type { DesignLinkView, FigmaProjectOption } from '@figgle/shared/figma-schemas';
import type { DesignLinkRow, ProjectOptionRow } from './queries.ts';

export function presentDesignLink(row: DesignLinkRow): DesignLinkView {
  return {
    file_id: row.file_id,
    figma_file_id: row.figma_file_id,
    project_id: row.project_id,
    project: {
      project_id: row.project_id,
      name: row.project_name,
      trigram: row.project_trigram,
      emoji: row.project_emoji,
      organization_id: row.organization_id,
    },
    name: row.name,
    url: figmaFileUrl(row.figma_file_id),
    created_at: row.created_at.toISOString(),
  };
}

export function presentProjectOption(row: ProjectOptionRow): FigmaProjectOption {
  return {
    project_id: row.project_id,
    name: row.name,
    trigram: row.trigram,
    emoji: row.emoji,
    organization_id: row.organization_id,
    organization_name: row.organization_name,
  };
}
