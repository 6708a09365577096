import { type DropAnimation, defaultDropAnimation, defaultDropAnimationSideEffects } from '@dnd-kit/core';
import classes from './drop-animation.module.css';

/**
 * dnd-kit's drop animation, with the flying copy of the card out of the pointer's way. The copy sits
 * above everything (z-index 999) for the 250 ms it glides home, and a drop may open a dialog at once
 * (a blocked task moved to Done asks first): without this, a click on the dialog's button in that
 * moment lands on the copy and is lost.
 */
export const dropAnimation: DropAnimation = {
  ...defaultDropAnimation,
  sideEffects: defaultDropAnimationSideEffects({
    // As dnd-kit's default: the card left behind stays hidden until the copy reaches it.
    styles: { active: { opacity: '0' } },
    className: { dragOverlay: classes.landing },
  }),
};
