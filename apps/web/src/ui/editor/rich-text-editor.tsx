import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { t } from '../../lib/i18n/i18n';
import type { RichTextEditorProps } from './quill-editor';

export type { RichTextEditorProps } from './quill-editor';

// Quill is large: it loads with the first editor on screen, never with the app's first chunk.
const QuillEditor = lazy(async () => ({ default: (await import('./quill-editor')).QuillEditor }));

/** The rich-text editor (docs/product.md#rich-text-editor); with readOnly, how a stored document shows. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={<Skeleton height={props.readOnly ? 24 : 88} radius="sm" aria-label={t('ui.loadingEditor')} />}
    >
      <QuillEditor {...props} />
    </Suspense>
  );
}
