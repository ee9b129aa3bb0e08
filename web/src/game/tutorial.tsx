// The first-game tutorial's runner: a lesson (lesson.ts) played on the game's real table. The table
// is the one a game page draws (GameUi.Table), handed the frame of the current step as its game;
// what it would send to the server comes here instead. The step's command moves the lesson on to
// the next frame; any other is answered with why it is not this step's. What to tap is highlighted
// one tap at a time, and the confirm step (a setting) is highlighted when it shows. Nothing is
// sent to the server: a tutorial works logged out and on a server that accepts no scenario.

import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { AnyCommand } from '../api/client.ts';
import type { AnyGameUi } from '../games/registry.ts';
import type { Tap, Tutorial } from './lesson.ts';
import './tutorial.css';

const HIGHLIGHT = 'tutorial-target';
/** The confirm step's button (staging.tsx), highlighted whenever it shows. */
const CONFIRM = '.staged .confirm-button';

/** Two commands are the same when every field is (the table and the rules may order fields differently). */
export function sameCommand(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameCommand((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The elements a tap names: its selector, and its words where it gives them. */
function tapped(root: ParentNode, tap: Tap): Element[] {
  const found = [...root.querySelectorAll(tap.selector)];
  return tap.text === undefined ? found : found.filter((element) => element.textContent?.trim() === tap.text);
}

/**
 * A board's space or square scrolled to the top part of the screen, when it is out of it: on a phone
 * the boards run below the fold, and the action bar covers the screen's foot. The action bar's
 * buttons stay in view by themselves.
 */
function bringIntoView(element: Element) {
  if (!(element instanceof SVGElement)) return;
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= innerHeight * 0.55 && box.left >= 0 && box.right <= innerWidth) return;
  // Into view in a zoomed board's own scroll too, then a little down from the top edge.
  element.scrollIntoView({ block: 'start', inline: 'center' });
  window.scrollBy({ top: -innerHeight * 0.2 });
}

export function TutorialRunner({ ui, tutorial, data, lobby }: { ui: AnyGameUi; tutorial: Tutorial; data: unknown; lobby: string }) {
  const { lesson, frames } = tutorial;
  const [index, setIndex] = useState(0);
  /** Why the last command was not this step's (null: none was wrong). */
  const [wrong, setWrong] = useState<string | null>(null);
  /** Counts wrong commands: the table is drawn afresh after one, its half-made choice dropped. */
  const [attempt, setAttempt] = useState(0);
  /** How many of the step's taps were made. */
  const [tapsMade, setTapsMade] = useState(0);
  const area = useRef<HTMLDivElement>(null);
  /** The element last highlighted first: brought into view once, when the highlight moves to it. */
  const shown = useRef<Element | undefined>(undefined);

  const step = lesson.steps[index];
  const frame = frames[index]!;
  const finished = !step;
  // After the last step the lesson is over: the table shows the game, and offers nothing more.
  const game = useMemo(() => (finished ? { ...frame.game, legalCommands: [], anytimeCommands: [] } : frame.game), [frame, finished]);
  const mine = finished ? undefined : game.awaiting.find((awaited) => awaited.seat === game.mySeat);
  const names = useMemo(() => ui.names(game, data), [game, data]);
  const events = frames.slice(0, index + 1).flatMap((one) => one.events);
  const Table = ui.Table;

  async function send(command: AnyCommand) {
    if (!step) return;
    if (sameCommand(command, frame.expect)) {
      setIndex(index + 1);
      setWrong(null);
    } else {
      setWrong(step.wrong);
      setAttempt(attempt + 1);
    }
    setTapsMade(0);
  }

  function restart() {
    setIndex(0);
    setWrong(null);
    setTapsMade(0);
    setAttempt(attempt + 1);
  }

  // The highlight: the next tap of the step, and Confirm when the table asks for it. Kept on the
  // elements as the table redraws them (its own class changes would drop ours).
  useLayoutEffect(() => {
    const root = area.current;
    if (!root) return;
    const mark = () => {
      const wanted = new Set<Element>([...root.querySelectorAll(CONFIRM)]);
      const next = step?.taps[tapsMade];
      if (next && wanted.size === 0) for (const element of tapped(root, next)) wanted.add(element);
      for (const element of root.querySelectorAll(`.${HIGHLIGHT}`)) if (!wanted.has(element)) element.classList.remove(HIGHLIGHT);
      for (const element of wanted) if (!element.classList.contains(HIGHLIGHT)) element.classList.add(HIGHLIGHT);
      const first = wanted.values().next().value;
      // After the table's own effects (run after the next frame), which may move focus, and the page with it.
      if (first && first !== shown.current) requestAnimationFrame(() => setTimeout(() => first.isConnected && bringIntoView(first)));
      shown.current = first;
    };
    mark();
    const watcher = new MutationObserver(mark);
    watcher.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return () => watcher.disconnect();
  }, [step, tapsMade, attempt]);

  // A tap on the highlighted element moves the highlight on to the step's next tap.
  function onTap(event: Event) {
    const next = step?.taps[tapsMade];
    const target = event.target instanceof Element ? event.target : null;
    if (next && target && area.current && tapped(area.current, next).some((element) => element.contains(target))) setTapsMade(tapsMade + 1);
  }

  return (
    <div class="tutorial" data-step={index} data-done={finished ? 'yes' : 'no'}>
      <section class="tutorial-coach" aria-labelledby="tutorial-step" data-steps={lesson.steps.length}>
        {finished ? (
          <>
            <h2 id="tutorial-step">Lesson done</h2>
            <p>{lesson.end}</p>
            <p class="tutorial-end">
              <strong>You’ve played a turn — </strong>
              <a class="button" href={lobby}>
                start a real game
              </a>
            </p>
            <p>
              <button type="button" onClick={restart}>
                Play the lesson again
              </button>
            </p>
          </>
        ) : (
          <>
            <h2 id="tutorial-step">
              Step {index + 1} of {lesson.steps.length}
            </h2>
            {index === 0 && <p>{lesson.intro}</p>}
            {index > 0 && lesson.steps[index - 1]!.after && <p class="tutorial-after">{lesson.steps[index - 1]!.after}</p>}
            <p class="tutorial-say" role="status">
              {step.say}
            </p>
            {wrong && (
              <p class="tutorial-wrong" role="alert">
                {wrong}
              </p>
            )}
          </>
        )}
      </section>
      <div ref={area} class="tutorial-table" onClickCapture={onTap}>
        <Table key={`${index}:${attempt}`} game={game} data={data} mine={mine} sending={false} send={send} clearRefusal={() => setWrong(null)} />
      </div>
      <section class="log" aria-labelledby="tutorial-log">
        <h2 id="tutorial-log">What happened</h2>
        <ol tabIndex={0} aria-label="Event log">
          {events.map((event) => ({ seq: event.seq, text: names.event(event.data) }))
            .filter((line) => line.text)
            .map((line) => (
              <li key={line.seq}>{line.text}</li>
            ))}
        </ol>
      </section>
    </div>
  );
}
