/** A horizontal touch movement beyond 100 px is a swipe. */
export const SWIPE_THRESHOLD_PX = 100;

export type SwipeDirection = 'left' | 'right';

/** Left below -100 px, right above 100 px; anything shorter is a tap or a scroll, not a swipe. */
export function swipeDirection(deltaX: number): SwipeDirection | null {
  if (deltaX < -SWIPE_THRESHOLD_PX) return 'left';
  if (deltaX > SWIPE_THRESHOLD_PX) return 'right';
  return null;
}

/** Swipe left reveals the row's actions, swipe right hides them; a short movement leaves them as they are. */
export function actionsOpenAfter(open: boolean, deltaX: number): boolean {
  const direction = swipeDirection(deltaX);
  if (direction === 'left') return true;
  if (direction === 'right') return false;
  return open;
}
