import Quill from 'quill';
import { Mention } from 'quill-mention';
import { t } from '../../lib/i18n/i18n';

/** A person '@' can name: the embed stores id (their user id) and value (their name). */
export interface Mentionable {
  id: string;
  value: string;
}

const SHOWN_AT_MOST = 8;
/** The id quill-mention gives its list. */
const MENTION_LIST_ID = 'quill-mention-list';

let registered = false;

/**
 * quill-mention's module only: its popup, keyboard and insertion. The 'mention' blot stays Figgle's
 * own (blots.ts), so a chosen person is stored as the mention embed the delta format validates
 * ({ id, value, denotationChar, index }) and shown as a chip with their name.
 */
export function registerMentionModule(): void {
  if (registered) return;
  registered = true;
  Quill.register('modules/mention', Mention, true);
}

/** Names matching what was typed after '@', anywhere in the name, whatever the case and accents. */
function matches(people: readonly Mentionable[], typed: string): Mentionable[] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const wanted = fold(typed.trim());
  return people.filter((person) => fold(person.value).includes(wanted)).slice(0, SHOWN_AT_MOST);
}

/** The popup as a listbox of options, so assistive technology (and tests) can name its entries. */
function labelList(list: HTMLElement): void {
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', t('ui.peopleToMention'));
  for (const item of list.children) {
    item.setAttribute('role', 'option');
    item.setAttribute('aria-selected', String(item.classList.contains('selected')));
  }
}

export function mentionModuleOptions(people: () => readonly Mentionable[]) {
  return {
    mentionDenotationChars: ['@'],
    // Letters of any script, digits, spaces, and the marks names carry (O'Brien, Jean-Luc).
    allowedChars: /^[\p{L}\p{M}\p{N}_ .'-]*$/u,
    maxChars: 40,
    positioningStrategy: 'fixed' as const,
    dataAttributes: ['id', 'value', 'denotationChar'],
    // A text node, never HTML: a name is shown exactly as typed.
    renderItem: (item: { value: string }) => document.createTextNode(item.value),
    // The editor owns the list only while it is in the page (quill-editor.tsx removes the attribute
    // the module sets at start).
    onOpen(this: { quill: { root: HTMLElement } }) {
      this.quill.root.setAttribute('aria-owns', MENTION_LIST_ID);
      return true;
    },
    onClose(this: { quill: { root: HTMLElement } }) {
      this.quill.root.removeAttribute('aria-owns');
      return true;
    },
    source(
      this: { mentionList: HTMLElement },
      typed: string,
      render: (items: Mentionable[], typed: string) => void,
    ) {
      render(
        matches(people(), typed).map(({ id, value }) => ({ id, value })),
        typed,
      );
      labelList(this.mentionList);
    },
  };
}
