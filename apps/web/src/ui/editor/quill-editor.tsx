import 'quill/dist/quill.bubble.css';
import 'quill-mention/dist/quill.mention.css';
import './editor.css';

import {
  ACTION_MENU_RESET_MS,
  EDITOR_FONT_SIZES,
  EDITOR_MARGIN_CLICK_PX,
  HISTORY_DELAY_MS,
  HISTORY_MAX_STACK,
  IMAGE_UPLOAD_TYPES,
} from '@figgle/shared/constants';
import { isAllowedLinkProtocol, isSafeUrl } from '@figgle/shared/link-safety';
import { Button, Group, Kbd, Loader, Text } from '@mantine/core';
import Quill, { Delta, type Op } from 'quill';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { toastError } from '../toast';
import { registerFiggleBlots } from './blots';
import { LineActionMenu, type LineTarget } from './line-action-menu';
import { type Mentionable, mentionModuleOptions, registerMentionModule } from './mention-module';
import { type RichTextValue, sameDocument } from './rich-text-value';
import { uploadFile } from './upload-file';

export interface RichTextEditorProps {
  /** The document shown; a different value from outside replaces the content, an equal one does not. */
  value: RichTextValue | null | undefined;
  /** The editor's accessible name, e.g. 'Description'. */
  label: string;
  placeholder?: string;
  fullHeight?: boolean;
  /** Shows the Send button with its Ctrl+Enter hint. */
  hasSave?: boolean;
  saveLabel?: string;
  /** Turns the Send button into a busy one. */
  saving?: boolean;
  /** Where the side menu uploads files (e.g. tasks/{taskId}); without it the menu offers no upload. */
  uploadFolder?: string;
  /** Shows a stored document, with no toolbar and no menu. */
  readOnly?: boolean;
  /** Every content change, whatever made it. */
  onValueChange?: (value: RichTextValue) => void;
  /** Only changes a person made. */
  onChange?: (value: RichTextValue) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  /** Ctrl+Enter or the Send button. */
  onSave?: (value: RichTextValue) => void;
  /**
   * The people '@' offers (the members of the task's organization); without it '@' is plain text.
   * Read when the editor opens and at each keystroke after '@', so the list may arrive later.
   */
  mentionables?: readonly Mentionable[];
}

const TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike', 'link'],
  [{ list: 'bullet' }, 'blockquote', 'code-block', { header: 1 }, { header: 2 }],
];

/** The toolbar buttons' names (a function: the catalogue loads after this module). */
function toolbarName(quillName: string): string | undefined {
  const names: Record<string, string> = {
    bold: t('ui.toolBold'),
    italic: t('ui.toolItalic'),
    underline: t('ui.toolUnderline'),
    strike: t('ui.toolStrike'),
    link: t('ui.toolLink'),
    'list: bullet': t('ui.toolBulletList'),
    blockquote: t('ui.toolBlockquote'),
    'code-block': t('ui.toolCodeBlock'),
    'header: 1': t('ui.toolHeader1'),
    'header: 2': t('ui.toolHeader2'),
  };
  return names[quillName];
}

const PASTE_DROPPED = ['color', 'background', 'align'];

/**
 * Pasted content keeps its structure but loses colour, background and alignment; a pasted
 * link to a refused address (javascript:, data:…) becomes plain text, a pasted frame disappears.
 */
function dropPastedStyles(_node: Node, delta: Delta): Delta {
  return new Delta(
    delta.ops.filter(isPastableEmbed).map((op) => {
      if (!op.attributes) return op;
      const attributes = Object.fromEntries(
        Object.entries(op.attributes).filter(
          ([name, value]) =>
            !PASTE_DROPPED.includes(name) && (name !== 'link' || isAllowedLinkProtocol(value as string)),
        ),
      );
      const { attributes: _dropped, ...rest } = op;
      return Object.keys(attributes).length > 0 ? { ...rest, attributes } : rest;
    }),
  );
}

/** Pasted frames never become videos, and pasted images only keep a safe address. */
function isPastableEmbed(op: Op): boolean {
  if (typeof op.insert !== 'object' || op.insert === null) return true;
  if ('video' in op.insert) return false;
  if ('image' in op.insert) return isSafeUrl(op.insert.image as string);
  return true;
}

const contentsOf = (quill: Quill): RichTextValue => ({
  ops: quill.getContents().ops as RichTextValue['ops'],
});
const toDelta = (value: RichTextValue) => new Delta(value.ops as Op[]);

/**
 * The spec's sizes for text a document marks small, large or huge (Quill's own are 0.75, 1.5 and
 * 2.5 em), handed to editor.css as custom properties so the numbers live in one place.
 */
const FONT_SIZE_PROPERTIES = Object.fromEntries(
  Object.entries(EDITOR_FONT_SIZES).map(([name, size]) => [`--figgle-editor-size-${name}`, size]),
) as CSSProperties;

export function QuillEditor(props: RichTextEditorProps) {
  const { value, label, readOnly = false, hasSave = false, uploadFolder, fullHeight = false } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [menu, setMenu] = useState<{ visible: boolean; target: LineTarget | null }>({
    visible: false,
    target: null,
  });
  const [uploading, setUploading] = useState(false);

  const hideMenu = useCallback(() => setMenu((current) => ({ ...current, visible: false })), []);

  // The menu slides back to the top 500 ms after it hides, so it never reopens mid-page.
  useEffect(() => {
    if (menu.visible || !menu.target) return;
    const timer = window.setTimeout(() => setMenu({ visible: false, target: null }), ACTION_MENU_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [menu]);

  const save = useCallback(() => {
    const quill = quillRef.current;
    if (quill) propsRef.current.onSave?.(contentsOf(quill));
  }, []);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    registerFiggleBlots();
    const withMentions = !readOnly && propsRef.current.mentionables !== undefined;
    if (withMentions) registerMentionModule();
    // Quill adds its toolbar next to the element it is given: a child made here (and emptied on
    // cleanup) keeps StrictMode's second mount from stacking a second toolbar.
    const mount = document.createElement('div');
    host.appendChild(mount);
    const saveBinding = {
      key: 'Enter',
      handler: () => {
        save();
        return false;
      },
    };
    const quill = new Quill(mount, {
      theme: readOnly ? undefined : 'bubble',
      readOnly,
      placeholder: readOnly ? '' : (propsRef.current.placeholder ?? t('common.editorPlaceholder')),
      bounds: host,
      modules: readOnly
        ? { toolbar: false }
        : {
            toolbar: TOOLBAR,
            history: { delay: HISTORY_DELAY_MS, maxStack: HISTORY_MAX_STACK, userOnly: true },
            keyboard: {
              bindings: {
                'figgle save ctrl': { ...saveBinding, ctrlKey: true },
                'figgle save meta': { ...saveBinding, metaKey: true },
                // Quill's own Tab inserts a tab character, so keyboard users could not leave the editor
                // (WCAG 2.1.2). Tab now moves the focus on; code blocks and lists still indent with it.
                tab: { key: 'Tab', handler: () => true },
              },
            },
            clipboard: { matchers: [[Node.ELEMENT_NODE, dropPastedStyles]] },
            ...(withMentions
              ? { mention: mentionModuleOptions(() => propsRef.current.mentionables ?? []) }
              : {}),
          },
    });
    quill.root.setAttribute('aria-label', propsRef.current.label);
    // quill-mention names its list with aria-owns from the start, while the list is in the page only
    // when open: a reference to nothing (axe: aria-valid-attr-value). The module's onOpen and onClose
    // (mention-module.ts) set and remove it.
    quill.root.removeAttribute('aria-owns');
    if (!readOnly) {
      quill.root.setAttribute('role', 'textbox');
      quill.root.setAttribute('aria-multiline', 'true');
      for (const button of host.querySelectorAll<HTMLButtonElement>('.ql-toolbar button')) {
        const name = toolbarName(button.getAttribute('aria-label') ?? '');
        if (name) button.setAttribute('aria-label', name);
      }
    }
    const initial = propsRef.current.value;
    if (initial) quill.setContents(toDelta(initial), 'silent');
    quill.on('text-change', (_delta, _old, source) => {
      const contents = contentsOf(quill);
      propsRef.current.onValueChange?.(contents);
      if (source === 'user') {
        propsRef.current.onChange?.(contents);
        setMenu((current) => (current.visible ? { ...current, visible: false } : current));
      }
    });
    quillRef.current = quill;
    return () => {
      quillRef.current = null;
      host.innerHTML = '';
    };
  }, [readOnly, save]);

  useEffect(() => {
    quillRef.current?.root.setAttribute('aria-label', label);
  }, [label]);

  // An outside change (another person's save, a refetch) replaces the content only when it differs.
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || !value || sameDocument(contentsOf(quill), value)) return;
    const selection = quill.hasFocus() ? quill.getSelection() : null;
    quill.setContents(toDelta(value), 'api');
    if (selection) quill.setSelection(Math.min(selection.index, quill.getLength() - 1), 0, 'silent');
  }, [value]);

  // A click within 22 px of the left edge opens the line's action menu (docs/product.md#rich-text-editor).
  useEffect(() => {
    const quill = quillRef.current;
    if (!quill || readOnly) return;
    const root = quill.root;
    const openMenuFor = (line: { domNode: Node; length(): number }) => {
      const rect = (line.domNode as HTMLElement).getBoundingClientRect();
      const wrapperTop = wrapperRef.current?.getBoundingClientRect().top ?? root.getBoundingClientRect().top;
      const index = quill.getIndex(line as Parameters<Quill['getIndex']>[0]);
      const length = line.length();
      const isEmbed = !line.domNode.textContent && line.domNode.nodeName !== 'P';
      const empty = !isEmbed && quill.getText(index, length).trim() === '';
      setMenu({ visible: true, target: { index, length, top: rect.top - wrapperTop, empty } });
    };
    const onMouseDown = (event: MouseEvent) => {
      const box = root.getBoundingClientRect();
      if (event.clientX - box.left > EDITOR_MARGIN_CLICK_PX) {
        setMenu((current) => (current.visible ? { ...current, visible: false } : current));
        return;
      }
      const line = quill.getLines().find((candidate) => {
        const rect = (candidate.domNode as HTMLElement).getBoundingClientRect();
        return event.clientY >= rect.top && event.clientY <= rect.bottom;
      });
      if (!line) return;
      event.preventDefault();
      openMenuFor(line);
    };
    // The keyboard way to the same menu, for the line holding the cursor.
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.key.toLowerCase() !== 'm') return;
      const range = quill.getSelection();
      const [line] = range ? quill.getLine(range.index) : [null];
      if (!line) return;
      event.preventDefault();
      openMenuFor(line);
    };
    root.setAttribute('aria-keyshortcuts', 'Alt+M');
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('mousedown', onMouseDown);
    return () => {
      root.removeEventListener('mousedown', onMouseDown);
      root.removeEventListener('keydown', onKeyDown);
    };
  }, [readOnly]);

  // Focus and focus-out of the whole editor, toolbar and menu included.
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const onFocusIn = (event: FocusEvent) => {
      if (!wrapper.contains(event.relatedTarget as Node | null)) propsRef.current.onFocus?.();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!wrapper.contains(event.relatedTarget as Node | null)) propsRef.current.onBlur?.();
    };
    wrapper.addEventListener('focusin', onFocusIn);
    wrapper.addEventListener('focusout', onFocusOut);
    return () => {
      wrapper.removeEventListener('focusin', onFocusIn);
      wrapper.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const upload = async (file: File, kind: 'image' | 'file', target: LineTarget) => {
    const quill = quillRef.current;
    if (!quill || !uploadFolder) return;
    hideMenu();
    setUploading(true);
    try {
      const result = await uploadFile(file, uploadFolder, kind);
      const at = Math.min(target.empty ? target.index : target.index + target.length, quill.getLength() - 1);
      if (kind === 'image') quill.insertEmbed(at, 'imageblock', result.url, 'user');
      else quill.insertEmbed(at, 'fileblock', { url: result.url, name: result.name }, 'user');
      quill.setSelection(at + 1, 0, 'silent');
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('ui.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const removeLine = (target: LineTarget) => {
    quillRef.current?.deleteText(target.index, target.length, 'user');
    hideMenu();
    quillRef.current?.focus();
  };

  return (
    <div
      ref={wrapperRef}
      className={`figgle-editor ${readOnly ? 'figgle-editor--read-only' : 'figgle-editor--editable'}${fullHeight ? ' figgle-editor--full' : ''}`}
    >
      <div ref={hostRef} className="figgle-editor__host" style={FONT_SIZE_PROPERTIES} />
      {!readOnly && menu.target ? (
        <LineActionMenu
          target={menu.target}
          visible={menu.visible}
          canUpload={Boolean(uploadFolder)}
          imageTypes={IMAGE_UPLOAD_TYPES.join(', ')}
          onClose={() => {
            hideMenu();
            quillRef.current?.focus();
          }}
          onUpload={(file, kind) => {
            if (menu.target) void upload(file, kind, menu.target);
          }}
          onRemoveLine={() => menu.target && removeLine(menu.target)}
        />
      ) : null}
      {uploading ? (
        <Group gap={6} className="figgle-editor__uploading" aria-live="polite">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {t('ui.uploading')}
          </Text>
        </Group>
      ) : null}
      {hasSave && !readOnly ? (
        <Group justify="flex-end" gap="xs" className="figgle-editor__actions">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd>
          </Text>
          <Button size="xs" onClick={save} loading={props.saving}>
            {props.saveLabel ?? t('ui.send')}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}
