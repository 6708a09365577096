import type { TaskDetailView } from '@figgle/shared/task-schemas';

export interface FigmaNodeSlotProps {
  task: TaskDetailView;
}

/**
 * The design node a Figma task points at (its image and a link to it). Only tasks that came from
 * Figma have one; the Figma integration fills this slot.
 */
export function FigmaNodeSlot({ task }: FigmaNodeSlotProps) {
  if (!task.is_from_figma) return null;
  return null;
}
