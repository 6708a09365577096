import { LABEL_COLORS, type LabelColor } from '@figgle/shared/planning-schemas';
import { ColorSwatch, Group, type MantineSize, Select } from '@mantine/core';
import { colorName } from '../../../ui/planning/label-color';

// Built at render: the names may come from the language's catalogue, loaded after this module.
const colorOptions = () => LABEL_COLORS.map((value) => ({ value, label: colorName(value) }));

const swatch = (color: string, size: number) => (
  <ColorSwatch color={`var(--mantine-color-${color}-filled)`} size={size} withShadow={false} aria-hidden />
);

export interface LabelColorSelectProps {
  value: LabelColor;
  onChange: (color: LabelColor) => void;
  /** The visible label, or none in a table row (then `ariaLabel` names it). */
  label?: string;
  ariaLabel?: string;
  size?: MantineSize;
  disabled?: boolean;
}

/** One of the fixed palette's colours, each shown as a swatch beside its name. */
export function LabelColorSelect({
  value,
  onChange,
  label,
  ariaLabel,
  size = 'sm',
  disabled,
}: LabelColorSelectProps) {
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      size={size}
      disabled={disabled}
      allowDeselect={false}
      data={colorOptions()}
      value={value}
      onChange={(next) => {
        if (next && next !== value) onChange(next as LabelColor);
      }}
      leftSection={swatch(value, 14)}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          {swatch(option.value, 14)}
          <span>{option.label}</span>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
