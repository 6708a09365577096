// The four statuses every project starts with are stored by their English names (To Do, Doing, Done,
// Archive). A status that still has its first name reads in the reader's language ("Zu erledigen");
// one a person renamed reads as they named it, in every language.
import { STATUS_LABELS } from '@figgle/shared/status';
import { t } from '../lib/i18n/i18n';

type DefaultKey = keyof typeof STATUS_LABELS;

function defaultName(key: DefaultKey): string {
  const names: Record<DefaultKey, string> = {
    TODO: t('wave2.statusTodo'),
    DOING: t('wave2.statusDoing'),
    DONE: t('wave2.statusDone'),
    ARCHIVE: t('wave2.statusArchive'),
  };
  return names[key];
}

const isDefaultKey = (key: string): key is DefaultKey => Object.hasOwn(STATUS_LABELS, key);

/** A status's name on screen: a first name in the reader's language, any other as it is stored. */
export function shownStatusName(key: string, name: string | null | undefined): string {
  if (isDefaultKey(key) && (name == null || name === STATUS_LABELS[key])) return defaultName(key);
  return name ?? key;
}
