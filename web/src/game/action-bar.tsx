// The action bar every table shares: the prompt, the staged command, the choices and the hand. On a
// phone it sticks to the foot of the screen over the board, so a handle folds it down to its prompt
// line when the player wants the board to themselves (on a wide screen it covers nothing and the
// handle is not shown: see .bar-handle in styles.css).

import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

export function ActionBar({ children }: { children: ComponentChildren }) {
  const [open, setOpen] = useState(true);
  return (
    <div class={open ? 'action-bar' : 'action-bar folded'} aria-label="Your move">
      <button type="button" class="bar-handle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? '▾ Hide' : '▴ Show'}
      </button>
      {children}
    </div>
  );
}
