import type { ProjectView } from '@figgle/shared/project-schemas';
import type {
  CommentHit,
  MarkedText,
  PersonHit,
  ProjectHit,
  SearchAnswer,
  TaskHit,
} from '@figgle/shared/search-schemas';
import type { PaletteAction } from './palette-action';
import { matchEntry } from './palette-match';

/** Comments, projects, people and actions shown at most while typing (tasks: the search's own limit). */
const SHORT_GROUP = 4;

/** What the palette lists, each group already cut to its length, with the typed words marked. */
export interface PaletteListing {
  tasks: TaskHit[];
  comments: CommentHit[];
  projects: ProjectHit[];
  people: PersonHit[];
  actions: Array<{ action: PaletteAction; label: MarkedText }>;
  /** While "Create a task" asks for a project: the projects whose name answers what was typed. */
  newTaskProjects: Array<{ project: ProjectView; name: MarkedText }> | null;
}

/** The palette's entries for what was typed: the search's answer, then the actions that match. */
export function paletteListing({
  answer,
  actions,
  projects,
  choosingProject,
  typed,
}: {
  answer: SearchAnswer | undefined;
  actions: PaletteAction[];
  projects: ProjectView[] | undefined;
  choosingProject: boolean;
  typed: string;
}): PaletteListing {
  return {
    tasks: answer?.tasks.items ?? [],
    comments: (answer?.comments.items ?? []).slice(0, SHORT_GROUP),
    projects: (answer?.projects.items ?? []).slice(0, SHORT_GROUP),
    people: (answer?.people.items ?? []).slice(0, SHORT_GROUP),
    actions: choosingProject
      ? []
      : actions.flatMap((action) => {
          const label = matchEntry(action.label, action.keywords, typed);
          return label ? [{ action, label }] : [];
        }),
    newTaskProjects: choosingProject
      ? (projects ?? []).flatMap((project) => {
          const name = matchEntry(project.name, [project.trigram, project.organization.name], typed);
          return name ? [{ project, name }] : [];
        })
      : null,
  };
}

export function listedCount(listing: PaletteListing): number {
  return (
    listing.tasks.length +
    listing.comments.length +
    listing.projects.length +
    listing.people.length +
    listing.actions.length +
    (listing.newTaskProjects?.length ?? 0)
  );
}

/** Every entry listed, in order, as one string: when it changes, the first entry is selected. */
export function listedKey(listing: PaletteListing, settled: boolean): string {
  return [
    listing.newTaskProjects !== null,
    settled,
    ...listing.tasks.map((hit) => hit.task_id),
    ...listing.comments.map((hit) => hit.comment_id),
    ...listing.projects.map((hit) => hit.project_id),
    ...listing.people.map((hit) => hit.user_id),
    ...listing.actions.map((shown) => shown.action.id),
    ...(listing.newTaskProjects ?? []).map((shown) => shown.project.project_id),
  ].join(' ');
}
