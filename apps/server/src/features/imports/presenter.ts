import { type ImportView, importAnalysisSchema } from '@figgle/shared/import-schemas';
import type { DuplicateImport, ImportRunRow } from './queries.ts';

const iso = (date: Date | string) => new Date(date).toISOString();

export function presentImport(run: ImportRunRow, duplicate: DuplicateImport | null): ImportView {
  const imported = run.imported as Partial<ImportView['imported']>;
  return {
    import_id: run.import_id,
    organization_id: run.organization_id,
    project_id: run.project_id,
    format: run.format,
    file_name: run.file_name,
    file_size: Number(run.file_size),
    state: run.state,
    analysis: importAnalysisSchema.parse(run.analysis),
    duplicate_of: duplicate
      ? {
          import_id: duplicate.import_id,
          project_id: duplicate.project_id,
          project_name: duplicate.project_name,
          created_at: iso(duplicate.created_at),
        }
      : null,
    progress: { done: run.progress_done, total: run.progress_total },
    imported: {
      tasks: imported.tasks ?? 0,
      comments: imported.comments ?? 0,
      labels: imported.labels ?? 0,
      checklist_items: imported.checklist_items ?? 0,
    },
    problems: run.problems,
    problems_total: run.problems_total,
    error: run.error,
    created_at: iso(run.created_at),
    finished_at: run.finished_at ? iso(run.finished_at) : null,
  };
}
