import type { MouseEvent } from 'react';

/**
 * For Cancel buttons: pressing them does not take the focus from the field first. Otherwise the field's blur shows
 * its error, the layout moves, and the release lands beside the button that was pressed.
 */
export const keepFocus = { onMouseDown: (e: MouseEvent) => e.preventDefault() } as const;
