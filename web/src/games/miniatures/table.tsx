// Miniatures' part of the game page: what the game waits for, the push-back prompt with its
// countdown, your models to select (two actions each), the kinds of action the rules list for the
// model, and the table. A Move is drawn: press and drag from anywhere on the table (or arrow keys
// in 0.5″ steps, Space for a corner), measured live by the server's preview (one request in
// flight at a time), and sent only on confirmation (never empty: no path, no Move). A shot or a
// fight tapped is staged in the action bar with its preview (range, sight, cover, odds) and its
// sight lines (ruling M1), shown also on hover or focus; Melee is offered only against the models
// in reach, the others said with their distance.

import './styles.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ActionBar } from '../../game/action-bar.tsx';
import { Prompt } from '../../game/prompt.tsx';
import { StagedCommand, useStaging } from '../../game/staging.tsx';
import { Zoomable } from '../../game/zoomable.tsx';
import type { GameUi, TableProps } from '../game-ui.ts';
import { loadMiniatures, previewCommand, type CommandPreview, type MiniaturesCommand, type MiniaturesData, type MiniaturesGame, type Point } from './data.ts';
import { TableKey, TableTop, type Overlay } from './table-top.tsx';
import { commandWords, inches, miniaturesEventWords, miniaturesNames, scenarioName, situationWords, type MiniaturesNames } from './words.ts';
import { CreateMiniatures } from './create.tsx';
import { Forces } from './forces.tsx';
import { MINIATURES_ORDERS } from './orders.ts';
import { MODEL_PX, playCentre, smallestBase } from './opening-view.ts';
import { MINIATURES_REFERENCE, rulesSection } from './reference.ts';
import { MINIATURES_TUTORIALS } from './tutorials.ts';

export const miniatures: GameUi<MiniaturesGame, MiniaturesData> = {
  load: (game) => loadMiniatures(game.options.scenario),
  name: 'Miniatures',
  title: (game) => `Miniatures: ${scenarioName(game.options.scenario)}`,
  seatName: (_game, seat) => `side ${seat + 1}`,
  // One winner or none (a draw).
  winners: (game) => (game.view.winner === null ? [] : [game.view.winner]),
  Create: CreateMiniatures,
  names(game, data) {
    const names = miniaturesNames(data.content, game);
    return { seat: names.seat, event: (event) => miniaturesEventWords(event, names), command: (command) => commandWords(command as MiniaturesCommand, names) };
  },
  reference: MINIATURES_REFERENCE,
  rulesSection,
  tutorials: MINIATURES_TUTORIALS,
  Table: MiniaturesTable,
  orders: MINIATURES_ORDERS,
  Picture: ({ game, data }) => {
    const names = miniaturesNames(data.content, game);
    return (
      <div class="mn-layout">
        <TableTop map={data.map} view={game.view} content={data.content} names={names} label={`The table: ${data.map.name}`} />
        <Forces game={game} content={data.content} names={names} />
      </div>
    );
  },
};

/** One keyboard step of a path's end point: half an inch. */
const STEP = 50;
/** A dragged path keeps a point every quarter inch, and at most this many (the command's limit). */
const DRAG_SPACING = 25;
const MAX_POINTS = 32;

type Mode = 'move' | 'shoot' | 'melee' | null;
type Actionable = Extract<MiniaturesCommand, { model: string }>;

function MiniaturesTable({ game, data, mine, sending, send, clearRefusal }: TableProps<MiniaturesGame, MiniaturesData>) {
  const names = useMemo(() => miniaturesNames(data.content, game), [data.content, game]);
  const [picked, setPicked] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>(null);
  const [path, setPath] = useState<Point[]>([]);
  // The path as last drawn, read by the next key or pointer move before the page has re-rendered.
  const latest = useRef<Point[]>([]);
  const [measure, setMeasure] = useState<CommandPreview | null>(null);
  const [aim, setAim] = useState<{ target: string; preview: CommandPreview | null } | null>(null);
  const measuring = useMeasure(game.id);
  const staging = useStaging<MiniaturesCommand>(send, game.version, game.legalCommands, () => setAim(null));
  // Melee's reach, measured by the rules' preview for each enemy on the table when Melee is chosen.
  const reach = useReach(game.id);

  // A choice made on an older version may no longer be legal.
  useLayoutEffect(() => {
    setPicked(null);
    setMode(null);
    setPath((latest.current = []));
    setMeasure(null);
    setAim(null);
    measuring.forget();
    reach.forget();
  }, [game.version]);

  // Keyboard players: what they pressed (a target, the table) is gone or inert once the game moves
  // on, so focus goes to the next choice offered (never away from something still focused).
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && !focused.matches('svg.mn-table') && document.contains(focused)) return;
    document.querySelector<HTMLButtonElement>('.choices .mn-actions button, .choices button')?.focus({ preventScroll: true });
  }, [game.version]);

  const view = game.view;
  const commands = game.legalCommands;
  const finished = game.status === 'finished' || game.status === 'abandoned';
  const actions = commands.filter((c): c is Actionable => 'model' in c);
  const actors = [...new Set(actions.map((c) => c.model))];
  const model = picked !== null && actors.includes(picked) ? picked : (actors[0] ?? null);
  const ofModel = actions.filter((c) => c.model === model);
  const moveCommand = ofModel.find((c) => c.type === 'MOVE');
  const shots = ofModel.filter((c) => c.type === 'SHOOT');
  const fights = ofModel.filter((c) => c.type === 'MELEE');
  const special = ofModel.find((c) => c.type === 'SPECIAL');
  const buttons = commands.filter((c) => c.type === 'ROLL_OFF' || c.type === 'END_PHASE');
  const situation = view.situation;
  const start = model ? view.models[model]!.at : null;

  function pick(id: string) {
    clearRefusal();
    staging.cancel();
    reach.forget();
    setPicked(id);
    setMode(null);
    setPath((latest.current = []));
    setMeasure(null);
    setAim(null);
  }
  function choose(next: Mode) {
    clearRefusal();
    staging.cancel();
    if (next === 'melee') reach.measure(fights);
    setMode(next);
    setPath((latest.current = []));
    setMeasure(null);
    setAim(null);
  }
  /** The path changed: draw it at once, measure it when the last measure is back. */
  function draw(next: Point[]) {
    latest.current = next;
    setPath(next);
    if (moveCommand) measuring.ask({ ...moveCommand, path: next }, setMeasure);
  }
  const drawing = mode === 'move' && moveCommand && start;
  const onDraw = drawing
    ? {
        down: (at: Point) => draw([at]),
        move: (at: Point) => {
          const current = latest.current;
          const last = current.at(-1) ?? start;
          if (Math.hypot(at.x - last.x, at.y - last.y) < DRAG_SPACING) return;
          // Too many points for one command: keep every other one (the shape stays, the length barely moves).
          const kept = current.length + 1 >= MAX_POINTS ? current.filter((_, i) => i % 2 === 1) : current;
          draw([...kept, at]);
        },
        up: () => undefined,
      }
    : undefined;
  function onKeyDown(event: KeyboardEvent) {
    if (!drawing) return;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const d = delta[event.key];
    const path = latest.current;
    if (d) {
      const end = path.at(-1) ?? start;
      const moved = { x: Math.max(0, Math.min(data.map.width, end.x + d[0])), y: Math.max(0, Math.min(data.map.height, end.y + d[1])) };
      draw(path.length ? [...path.slice(0, -1), moved] : [moved]);
    } else if (event.key === ' ' && path.length && path.length < MAX_POINTS) draw([...path, path.at(-1)!]);
    else if (event.key === 'Enter') void confirmMove();
    else if (event.key === 'Escape' && path.length) draw([]);
    else return;
    event.preventDefault();
  }
  async function confirmMove() {
    // A Move spends an action: never sent without a path.
    if (!moveCommand || sending || latest.current.length === 0) return;
    // Drop the repeated points a keyboard corner leaves behind.
    const path = latest.current;
    const clean = path.filter((p, i) => i === 0 || p.x !== path[i - 1]!.x || p.y !== path[i - 1]!.y);
    await send({ ...moveCommand, path: clean });
  }
  function aimAt(command: Actionable & { target: string }) {
    if (aim?.target === command.target) return;
    setAim({ target: command.target, preview: null });
    measuring.ask(command, (preview) => setAim((current) => (current?.target === command.target ? { target: command.target, preview } : current)));
  }

  const measured = measure?.details?.path;
  const overlay: Overlay = {};
  if (drawing && path.length) overlay.path = { points: [start, ...path], legal: measure ? measure.legal : null, label: measured ? `${inches(measured.length)} of ${inches(measured.allowance)}` : null };
  if (aim && start) {
    const target = view.models[aim.target];
    const shot = aim.preview?.details?.shot;
    if (target) overlay.sight = { eye: shot?.eye ?? start, target: target.at, lines: shot ? shot.lines : null, clear: shot ? shot.lineOfSight : (aim.preview?.legal ?? true) };
  }
  const prompted = !finished && mine && situation.kind === 'push-back';
  const actionsLeft = view.phase?.selected?.model === model ? view.phase.selected.actions : 2;
  const actionCost = model ? `one of ${names.model(model)}’s actions (${actionsLeft} left)` : null;
  /** A command tapped: staged in words with its cost (a shot or a fight measured first), sent once confirmed. */
  function stage(command: MiniaturesCommand) {
    clearRefusal();
    if (command.type === 'SHOOT' || command.type === 'MELEE') aimAt(command);
    staging.stage({ command, words: commandWords(command, names), cost: 'model' in command ? actionCost : null });
  }
  const stagedTarget = staging.staged && 'target' in staging.staged.command ? staging.staged.command.target : null;
  const odds = stagedTarget ? oddsWords(aim?.target === stagedTarget ? aim.preview : null) : null;
  const pushes = commands.filter((c) => c.type === 'PUSH_BACK');

  return (
    <div class="table-area">
      <div class="mn-layout">
        <Zoomable
          label="the table"
          width={data.map.width + 40}
          minTarget={2 * smallestBase(data.content)}
          targetPx={MODEL_PX}
          centre={playCentre(game)}
          drawing={Boolean(drawing)}
        >
          <TableTop
          map={data.map}
          view={view}
          content={data.content}
          names={names}
          selected={model}
          pickable={new Set(actors)}
          onPick={pick}
          overlay={overlay}
          onDraw={onDraw}
          onKeyDown={drawing ? onKeyDown : undefined}
          label={drawing ? `The table: ${data.map.name}. Draw the Move: arrow keys move the path’s end, Enter confirms` : `The table: ${data.map.name}`}
          />
        </Zoomable>
        <Forces game={game} content={data.content} names={names} />
      </div>
      <ActionBar>
        {!prompted && (
          <p class="situation" role="status">
            {situationWords(game, names)}
          </p>
        )}
        {prompted ? (
          <Prompt
            question={situationWords(game, names)}
            deadline={mine.deadline}
            answers={staging.staged ? [] : pushes}
            answersLabel="Push back"
            words={(command) => commandWords(command, names)}
            disabled={sending}
            onAnswer={stage}
          />
        ) : null}
        <StagedCommand staging={staging} sending={sending} odds={odds} />

        {!finished && !prompted && !staging.staged && commands.length > 0 && (
          <section class="choices" aria-label="Your choices">
            {actors.length > 0 && (
              <div class="reserve" role="group" aria-label="Your models">
                {actors.map((id) => (
                  <button key={id} type="button" class={id === model ? 'selected' : ''} aria-pressed={id === model} disabled={sending} onClick={() => pick(id)}>
                    Select {names.model(id)}
                  </button>
                ))}
              </div>
            )}
            {model && (
              <div class="mn-actions" role="group" aria-label={`Actions of ${names.model(model)}`}>
                {moveCommand && (
                  <button type="button" aria-pressed={mode === 'move'} disabled={sending} onClick={() => choose('move')}>
                    Move
                  </button>
                )}
                {shots.length > 0 && (
                  <button type="button" aria-pressed={mode === 'shoot'} disabled={sending} onClick={() => choose('shoot')}>
                    Shoot
                  </button>
                )}
                {fights.length > 0 && (
                  <button type="button" aria-pressed={mode === 'melee'} disabled={sending} onClick={() => choose('melee')}>
                    Melee
                  </button>
                )}
                {special && (
                  <button type="button" disabled={sending} onClick={() => stage(special)}>
                    Special
                  </button>
                )}
              </div>
            )}
            {drawing && (
              <div class="mn-move" role="group" aria-label="Draw the Move">
                <p class="hint">Press and drag on the table to draw the path from {names.model(model!)}; or focus the table and use the arrow keys (½″ a step, Space for a corner), Enter to confirm, Escape to clear.</p>
                <p class="measure" aria-live="polite">
                  {!path.length ? 'No path yet: draw one on the table.' : !measure ? 'Measuring…' : measured ? `Path: ${measured.words}. Costs ${actionCost}.` : ''}
                  {measure && !measure.legal && measure.problem ? ` Refused: ${measure.problem.message}` : ''}
                </p>
                <button
                  type="button"
                  aria-describedby={!path.length ? 'no-path' : undefined}
                  disabled={sending || !path.length || (measure !== null && !measure.legal)}
                  onClick={() => void confirmMove()}
                >
                  Confirm the Move
                </button>{' '}
                {!path.length && (
                  <span id="no-path" class="hint">
                    Nothing to confirm until a path is drawn: a Move spends an action.
                  </span>
                )}{' '}
                <button type="button" class="link" disabled={!path.length} onClick={() => draw([])}>
                  Clear the path
                </button>
              </div>
            )}
            {(mode === 'shoot' || mode === 'melee') && (
              <Targets
                commands={mode === 'shoot' ? shots : fights.filter((command) => reach.inReach(command.target) === true)}
                names={names}
                sending={sending}
                stage={stage}
                aimAt={aimAt}
                aim={aim}
              />
            )}
            {mode === 'melee' && <OutOfReach fights={fights} reach={reach} names={names} model={model!} />}
            {buttons.length > 0 && (
              <ul class="buttons" aria-label="Actions">
                {buttons.map((command, index) => (
                  <li key={index}>
                    <button type="button" disabled={sending} onClick={() => stage(command)}>
                      {commandWords(command, names)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </ActionBar>
      <TableKey />
    </div>
  );
}

function Targets({ commands, names, sending, stage, aimAt, aim }: {
  commands: (Actionable & { target: string })[];
  names: MiniaturesNames;
  sending: boolean;
  stage: (command: MiniaturesCommand) => void;
  aimAt: (command: Actionable & { target: string }) => void;
  aim: { target: string; preview: CommandPreview | null } | null;
}) {
  if (commands.length === 0) return null;
  return (
    <div class="mn-targets">
      <ul class="buttons" aria-label="Targets">
        {commands.map((command, index) => (
          <li key={index}>
            <button type="button" disabled={sending} onMouseEnter={() => aimAt(command)} onFocus={() => aimAt(command)} onClick={() => stage(command)}>
              {commandWords(command, names)}
            </button>
          </li>
        ))}
      </ul>
      <p class="measure" aria-live="polite">
        {!aim ? 'Tap a target to see the odds before it is sent.' : oddsWords(aim.preview)}
      </p>
    </div>
  );
}

/** A preview in words: a shot's range, sight, cover and odds; a fight's way into contact; or why the rules refuse it. */
function oddsWords(preview: CommandPreview | null): string {
  if (!preview) return 'Measuring…';
  const details = preview.details;
  const said = details?.shot
    ? `${details.shot.words}. Hit chance ${Math.round(details.shot.hitChance * 100)}%, a hit unsaved ${Math.round(details.shot.unsavedChance * 100)}%.`
    : details?.path
      ? `Into contact: ${details.path.words}.`
      : '';
  return `${said}${!preview.legal && preview.problem ? ` Refused: ${preview.problem.message}` : ''}`;
}

/** The enemies Melee cannot reach this action, and why: it would only become a Move (M19). */
function OutOfReach({ fights, reach, names, model }: { fights: (Actionable & { target: string })[]; reach: Reach; names: MiniaturesNames; model: string }) {
  const measuring = fights.some((command) => reach.inReach(command.target) === null);
  const far = fights.filter((command) => reach.inReach(command.target) === false);
  if (measuring) return <p class="measure">Measuring who is in reach…</p>;
  if (far.length === 0) return null;
  return (
    <div class="out-of-reach">
      <p class="hint">
        {fights.length === far.length ? `No enemy is in reach of ${names.model(model)}: ` : 'Out of reach this action: '}a Melee against {far.length === 1 ? 'this model' : 'these'} would
        only become a Move.
      </p>
      <ul aria-label="Out of reach">
        {far.map((command) => (
          <li key={command.target}>
            {names.model(command.target)}: {reach.words(command.target)}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface Reach {
  /** True when the model can reach the target this action, false when not, null while measuring. */
  inReach(target: string): boolean | null;
  words(target: string): string;
  measure(fights: (Actionable & { target: string })[]): void;
  forget(): void;
}

/** Measures each Melee target's way into contact with the rules' preview: in reach when its length is within the allowance. */
function useReach(gameId: string): Reach {
  const [measured, setMeasured] = useState<Map<string, CommandPreview['details'] | null>>(new Map());
  const epoch = useRef(0);
  return {
    inReach(target) {
      if (!measured.has(target)) return null;
      const path = measured.get(target)?.path;
      return !path || path.length <= path.allowance;
    },
    words(target) {
      const path = measured.get(target)?.path;
      return path ? `${inches(path.length)} to contact, beyond the ${inches(path.allowance)} it may move` : 'beyond reach';
    },
    measure(fights) {
      const now = ++epoch.current;
      setMeasured(new Map());
      void Promise.all(
        fights.map((command) =>
          previewCommand(gameId, command).then(
            (preview) => [command.target, preview.details ?? null] as const,
            () => [command.target, null] as const,
          ),
        ),
      ).then((entries) => {
        if (now === epoch.current) setMeasured(new Map(entries));
      });
    },
    forget() {
      epoch.current++;
      setMeasured(new Map());
    },
  };
}

/**
 * Previews, one in flight at a time: a request asked for while one is out waits, and only the
 * latest waiting one is sent, so a drag costs a request per round trip, not one per pointer move.
 */
function useMeasure(gameId: string) {
  const state = useRef<{ busy: boolean; next: { command: MiniaturesCommand; then: (p: CommandPreview) => void } | null; epoch: number }>({ busy: false, next: null, epoch: 0 });
  return useMemo(() => {
    const run = (command: MiniaturesCommand, then: (p: CommandPreview) => void) => {
      const s = state.current;
      s.busy = true;
      const epoch = s.epoch;
      previewCommand(gameId, command)
        .then((preview) => epoch === s.epoch && then(preview), () => undefined)
        .finally(() => {
          s.busy = false;
          const waiting = s.next;
          s.next = null;
          if (waiting) run(waiting.command, waiting.then);
        });
    };
    return {
      ask(command: MiniaturesCommand, then: (p: CommandPreview) => void) {
        if (state.current.busy) state.current.next = { command, then };
        else run(command, then);
      },
      /** The game moved on: answers to older questions are dropped. */
      forget() {
        state.current.epoch++;
        state.current.next = null;
      },
    };
  }, [gameId]);
}
