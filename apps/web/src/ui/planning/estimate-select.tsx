import { ESTIMATE_VALUES, type Estimate, type EstimateScale, shownEstimate } from '@figgle/shared/estimate';
import { Select, type SelectProps } from '@mantine/core';
import { t } from '../../lib/i18n/i18n';

const NO_ESTIMATE = 'none';

export interface EstimateSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  scale: Exclude<EstimateScale, 'none'>;
  value: string | null;
  onChange: (estimate: Estimate | null) => void;
}

/** The scale's values, smallest first, and "No estimate": the task page's Estimate field. */
export function EstimateSelect({ scale, value, onChange, comboboxProps, ...props }: EstimateSelectProps) {
  const shown = shownEstimate(scale, value) ?? NO_ESTIMATE;
  const data = [
    { value: NO_ESTIMATE, label: t('ui.noEstimate') },
    ...ESTIMATE_VALUES[scale].map((estimate) => ({
      value: estimate,
      label: scale === 'points' ? t('ui.points', { count: Number(estimate) }) : estimate,
    })),
  ];
  return (
    <Select
      {...props}
      allowDeselect={false}
      data={data}
      value={shown}
      onChange={(next) => {
        if (next && next !== shown) onChange(next === NO_ESTIMATE ? null : (next as Estimate));
      }}
      comboboxProps={{ withinPortal: true, ...comboboxProps }}
    />
  );
}
