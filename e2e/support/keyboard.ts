import { expect, type Locator, type Page } from '@playwright/test';

// What a keyboard-only person does, for the keyboard journeys: Tab to a control, see the focus, type.

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as someone without a mouse would, then
 * checks that the focus can be seen. Fails if the target is not reached: it is out of the tab
 * order, or focus is trapped somewhere before it.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectVisibleFocus(target);
      return;
    }
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${limit} presses of Tab did not reach ${target}; the focus is on ${focused}`);
}

/**
 * A focus indicator is there: a focus shadow, or on the element or a close ancestor (a card outlines
 * itself when its link is focused, a password field's frame when its input is) an outline or a
 * border in the primary colour (how Mantine's fields and Figgle's editors show focus).
 */
export async function expectVisibleFocus(target: Locator) {
  // Polled: fields fade their border in over a few frames.
  await expect
    .poll(() => focusIndicatorOf(target), { message: `no visible focus on ${target}` })
    .not.toBeNull();
}

function focusIndicatorOf(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    if (getComputedStyle(element).boxShadow !== 'none') return 'shadow';
    let node: Element | null = element;
    for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1) return 'outline';
      if (style.borderTopColor === primary || style.borderBottomColor === primary) return 'primary border';
    }
    return null;
  });
}

/** Replaces the text of the focused field: select all, then type. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/**
 * Lifts a board card with Space on its focused handle, and waits as a person looking at it would:
 * the lifted card shows, and the board measures where the other cards and columns are in the frames
 * right after (dnd-kit measures its drop targets once the drag has rendered). An arrow key sent before
 * that finds nowhere to go and the card is dropped where it was.
 */
export async function liftFocusedCard(page: Page) {
  await page.keyboard.press('Space');
  await expect(page.locator('[data-dragging]').first()).toBeAttached();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
