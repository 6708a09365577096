import { ActionIcon, Paper, Tooltip } from '@mantine/core';
import { IconFile, IconPhoto, IconRowRemove, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { t } from '../../lib/i18n/i18n';

/** The line a margin click chose: where it starts, its length with its newline, where it sits. */
export interface LineTarget {
  index: number;
  length: number;
  /** Pixels from the top of the editor. */
  top: number;
  /** An empty line takes an upload in place; otherwise it goes below the line. */
  empty: boolean;
}

export interface LineActionMenuProps {
  target: LineTarget;
  visible: boolean;
  canUpload: boolean;
  imageTypes: string;
  onClose: () => void;
  onUpload: (file: File, kind: 'image' | 'file') => void;
  onRemoveLine: () => void;
}

/** A line's side action menu: close, upload image, upload file, remove the line. */
export function LineActionMenu({
  target,
  visible,
  canUpload,
  imageTypes,
  onClose,
  onUpload,
  onRemoveLine,
}: LineActionMenuProps) {
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (visible) closeButton.current?.focus({ preventScroll: true });
  }, [visible]);

  const take = (input: HTMLInputElement | null, kind: 'image' | 'file') => {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) onUpload(file, kind);
  };

  const item = (
    labelText: string,
    icon: React.ReactNode,
    onClick: () => void,
    ref?: React.Ref<HTMLButtonElement>,
  ) => (
    <Tooltip label={labelText} position="top" withArrow openDelay={300}>
      <ActionIcon ref={ref} variant="subtle" color="gray" size="md" aria-label={labelText} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper
      role="toolbar"
      aria-label={t('ui.lineActions')}
      aria-hidden={!visible}
      shadow="md"
      radius="md"
      withBorder
      p={4}
      className={`figgle-line-menu${visible ? ' figgle-line-menu--visible' : ''}`}
      style={{ top: target.top }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {item(t('ui.close'), <IconX size={16} />, onClose, closeButton)}
      {canUpload
        ? item(t('ui.uploadImage'), <IconPhoto size={16} />, () => imageInput.current?.click())
        : null}
      {canUpload ? item(t('ui.uploadFile'), <IconFile size={16} />, () => fileInput.current?.click()) : null}
      {item(t('ui.removeLine'), <IconRowRemove size={16} />, onRemoveLine)}
      <input
        ref={imageInput}
        type="file"
        accept={imageTypes}
        hidden
        aria-label={t('ui.imageToUpload')}
        onChange={(event) => take(event.currentTarget, 'image')}
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label={t('ui.fileToUpload')}
        onChange={(event) => take(event.currentTarget, 'file')}
      />
    </Paper>
  );
}
