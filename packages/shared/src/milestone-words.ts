type LoggedMilestone = { milestone_id: string; name: string } | null;

/** A MILESTONE log line as the change log says it, with the names the milestones had then. */
export function milestoneLogWords(change: { old: LoggedMilestone; new: LoggedMilestone }): string {
  if (change.new && change.old)
    return `moved the task from milestone ${change.old.name} to ${change.new.name}`;
  if (change.new) return `put the task in milestone ${change.new.name}`;
  if (change.old) return `took the task out of milestone ${change.old.name}`;
  return 'changed the milestone';
}
