import type { CustomFieldKind } from '@figgle/shared/custom-field-schemas';
import { t } from '../../../lib/i18n/i18n';

/** A field kind's name in the chosen language ("Single select"). */
export function kindLabel(kind: CustomFieldKind): string {
  switch (kind) {
    case 'text':
      return t('custom-fields.kindText');
    case 'number':
      return t('custom-fields.kindNumber');
    case 'single_select':
      return t('custom-fields.kindSingleSelect');
    case 'multi_select':
      return t('custom-fields.kindMultiSelect');
    case 'date':
      return t('custom-fields.kindDate');
    case 'person':
      return t('custom-fields.kindPerson');
    case 'checkbox':
      return t('custom-fields.kindCheckbox');
    case 'url':
      return t('custom-fields.kindUrl');
  }
}
