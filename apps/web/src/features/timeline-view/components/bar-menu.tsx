import { Menu } from '@mantine/core';
import { t } from '../../../lib/i18n/i18n';
import classes from './timeline.module.css';
import type { Bar } from './timeline-model';

/**
 * A bar's menu (Shift+F10, the menu key or a right click on it): one for the whole chart, anchored
 * under the open bar's start, so a thousand bars carry no menu of their own. The bar is the control
 * a screen reader knows; the anchor, hidden from it and out of the tab order, marks the position.
 */
export function BarMenu({
  bar,
  left,
  top,
  onOpenTask,
  onAddDependency,
  onClose,
}: {
  /** The bar whose menu is open; null while closed. */
  bar: Bar | null;
  left: number;
  top: number;
  onOpenTask: () => void;
  onAddDependency: () => void;
  onClose: () => void;
}) {
  return (
    <Menu opened={bar !== null} onChange={(opened) => (opened ? null : onClose())} position="bottom-start">
      <Menu.Target>
        <button
          type="button"
          className={classes.menuAnchor}
          style={{ left, top }}
          tabIndex={-1}
          aria-hidden
          aria-label={t('timeline.barMenuAnchor')}
        />
      </Menu.Target>
      <Menu.Dropdown aria-label={bar ? `${bar.label} ${bar.task.title}` : undefined}>
        <Menu.Item onClick={onOpenTask}>{t('timeline.openTask')}</Menu.Item>
        <Menu.Item onClick={onAddDependency}>{t('timeline.addDependencyItem')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
