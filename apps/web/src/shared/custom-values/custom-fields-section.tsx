import { useProjectCustomFields } from '../api/list-project-custom-fields';
import { useSetTaskCustomValue } from '../api/set-task-custom-value';
import { CustomValueInput } from './custom-value-input';

/** The task page's custom fields: one editor per field on in its project; nothing when there is none. */
export function CustomFieldsSection({
  taskId,
  projectId,
  organizationId,
}: {
  taskId: string;
  projectId: string;
  organizationId: string;
}) {
  const view = useProjectCustomFields(projectId);
  const setValue = useSetTaskCustomValue();
  if (!view.data || view.data.fields.length === 0) return null;
  const values = view.data.values.filter((row) => row.task_id === taskId);
  return (
    <>
      {view.data.fields.map((field) => (
        <CustomValueInput
          key={field.field_id}
          field={field}
          value={values.find((row) => row.field_id === field.field_id)?.value ?? null}
          organizationId={organizationId}
          onChange={(value) => setValue.mutate({ taskId, projectId, fieldId: field.field_id, value })}
        />
      ))}
    </>
  );
}
