import { CUSTOM_FIELD_OPTION_NAME_MAX } from '@figgle/shared/custom-field-schemas';
import { LABEL_COLORS, type LabelColor } from '@figgle/shared/planning-schemas';
import { ActionIcon, Button, ColorSwatch, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { t } from '../../../lib/i18n/i18n';
import { colorName } from '../../../ui/planning/label-color';

export interface OptionDraft {
  option_id?: string;
  name: string;
  colour: LabelColor;
}

const colours = () => LABEL_COLORS.map((value) => ({ value, label: colorName(value) }));

/** A select field's options: a name and a colour each, in their order; one more with "Add an option". */
export function OptionsEditor({
  options,
  onChange,
  fieldName,
}: {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  fieldName: string;
}) {
  const change = (index: number, patch: Partial<OptionDraft>) =>
    onChange(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  return (
    <Stack gap={6}>
      {options.map((option, index) => (
        <Group key={option.option_id ?? `new-${index}`} gap={6} wrap="nowrap">
          <TextInput
            size="xs"
            aria-label={t('custom-fields.optionOf', {
              index: index + 1,
              field: fieldName || t('custom-fields.theField'),
            })}
            placeholder={t('custom-fields.optionName')}
            maxLength={CUSTOM_FIELD_OPTION_NAME_MAX}
            value={option.name}
            onChange={(event) => change(index, { name: event.currentTarget.value })}
            flex="1 1 140px"
            miw={0}
          />
          <Select
            size="xs"
            w={120}
            aria-label={t('custom-fields.optionColour', { index: index + 1 })}
            allowDeselect={false}
            data={colours()}
            value={option.colour}
            onChange={(colour) => colour && change(index, { colour: colour as LabelColor })}
            leftSection={
              <ColorSwatch
                color={`var(--mantine-color-${option.colour}-filled)`}
                size={12}
                withShadow={false}
                aria-hidden
              />
            }
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('custom-fields.removeOption', { name: option.name || String(index + 1) })}
            onClick={() => onChange(options.filter((_, at) => at !== index))}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() =>
            onChange([
              ...options,
              { name: '', colour: LABEL_COLORS[(options.length * 3 + 8) % LABEL_COLORS.length]! },
            ])
          }
        >
          {t('custom-fields.addOption')}
        </Button>
      </Group>
    </Stack>
  );
}
