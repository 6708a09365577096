import { useCreateLabel } from '../../../shared/api/create-label';
import { useLabels } from '../../../shared/api/list-labels';
import { nextLabelColor } from '../../../ui/planning/label-color';
import { LabelSelect } from '../../../ui/planning/label-select';

export interface TaskLabelsFieldProps {
  organizationId: string;
  value: string[];
  onChange: (labelIds: string[]) => void;
}

/** The creation dialog's labels: the organization's, or a new one typed in. */
export function TaskLabelsField({ organizationId, value, onChange }: TaskLabelsFieldProps) {
  const labels = useLabels(organizationId);
  const createLabel = useCreateLabel(organizationId);
  const known = labels.data ?? [];
  return (
    <LabelSelect
      labels={known}
      value={value}
      onChange={onChange}
      onCreate={(name) => createLabel.mutateAsync({ name, color: nextLabelColor(known) })}
    />
  );
}
