// Block War's part of the game page: what the situation asks (and, for control's landing, a
// prompt with its countdown), the legal commands as buttons and tappable squares and units, the
// plaza and every block's board, the justice track and the blocks' counters. Surrender is an
// anytime command, offered behind a confirmation.

import './styles.css';
import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { loadBlockWar, type BlockMap, type BlockWarCommand, type BlockWarContent, type BlockWarGame, type PlazaMap } from './api.ts';
import { ActionBar } from '../../game/action-bar.tsx';
import { Prompt } from '../../game/prompt.tsx';
import { StagedCommand, useStaging } from '../../game/staging.tsx';
import { TAP, Zoomable } from '../../game/zoomable.tsx';
import { useTimeZone, zonedTime } from '../../zone.ts';
import type { GameUi, TableProps } from '../game-ui.ts';
import { BlockBoard, CELL, COLOUR_LOOKS, JusticeTrack, PlazaBoard, type Choosing } from './board.tsx';
import { CreateBlockWar } from './create.tsx';
import { buttonCommands, bySquare, byUnit, placeables } from './choices.ts';
import { BLOCK_WAR_REFERENCE, rulesSection } from './reference.ts';
import { BLOCK_WAR_TUTORIALS } from './tutorials.ts';
import { blockWarCommandWords, blockWarEventWords, blockWarNames, situationWords, timeLimitWords, UNIT_LETTERS, type BlockWarNames } from './words.ts';

export interface BlockWarData {
  content: BlockWarContent;
  plaza: PlazaMap;
  block: BlockMap;
}

export const blockWar: GameUi<BlockWarGame, BlockWarData> = {
  load: () => loadBlockWar(),
  name: 'Block War',
  title: (game) => `Block War: ${game.options.seats.map((seat) => seat.block).join(' v ')}`,
  seatName: (game, seat) => game.options.seats[seat]!.block,
  winners: (game) => game.view.winners,
  Create: CreateBlockWar,
  names(game, data) {
    const names = blockWarNames(data.content, game);
    return { seat: names.seat, event: (event) => blockWarEventWords(event, names), command: (command) => blockWarCommandWords(command as BlockWarCommand, names, game.view.situation) };
  },
  reference: BLOCK_WAR_REFERENCE,
  // "Surrender…" sits among the table's own choices (BW36).
  ownGivingUp: true,
  rulesSection,
  tutorials: BLOCK_WAR_TUTORIALS,
  Table: BlockWarTable,
  // Block War's module declares no standing orders.
  orders: [],
  Picture: ({ game, data }) => <Boards game={game} data={data} names={blockWarNames(data.content, game)} choosing={NOTHING_TO_CHOOSE} />,
};

const NOTHING_TO_CHOOSE: Choosing = { squares: new Set(), onSquare: () => undefined, units: new Set(), selectedUnit: null, active: null };

/** The plaza with the blocks' boards round it, the blocks' counters and the justice track. */
function Boards({ game, data, names, choosing }: { game: BlockWarGame; data: BlockWarData; names: BlockWarNames; choosing: Choosing }) {
  const view = game.view;
  return (
    <div class="bw-table">
      <PlazaAndBlocks game={game} data={data} names={names} choosing={choosing} />
      <aside class="side">
        <TimeLimit view={view} />
        <Blocks game={game} names={names.seat} />
        <JusticeTrack view={view} badges={data.content.justiceTrack.judgeBadges} names={names} />
        <UnitKey content={data.content} />
      </aside>
    </div>
  );
}

// The layout's sizes, inline so the shared stylesheet stays as it is: a block board's width beside
// the plaza, and the plaza's (it wraps under a side block when the row is too narrow, as on a phone).
// A block board is given the width at which its squares are tap-sized, so it opens whole, not
// zoomed in and cropped (a narrower screen still zooms it, and it pans).
const blockPx = (columns: number) => Math.ceil(((columns * CELL + 4) * TAP) / CELL);
const blockWidth = (columns: number) => ({ flex: `0 1 ${blockPx(columns)}px`, minWidth: '8rem' });
const PLAZA_WIDTH = { flex: '1 1 20rem', maxWidth: '36rem', minWidth: 0 };

/**
 * The plaza with each placed block's board on its side — north above, west left, east right, south
 * below, as the blocks stand round it — and the blocks not yet placed after them. On a narrow screen
 * the middle row wraps, so the boards stack. Each board keeps its own label, so the order on screen
 * is also the reading order: north, west, the plaza, east, south.
 */
function PlazaAndBlocks({ game, data, names, choosing }: { game: BlockWarGame; data: BlockWarData; names: BlockWarNames; choosing: Choosing }) {
  const view = game.view;
  const board = (seat: number) => (
    <Zoomable key={seat} label={`${view.seats[seat]!.block}’s block`} width={data.block.columns * CELL + 4} minTarget={CELL}>
      <BlockBoard map={data.block} seat={seat} view={view} names={names} choosing={choosing} />
    </Zoomable>
  );
  const on = (side: string) => view.seats.flatMap((s, seat) => (s.side === side ? [seat] : []));
  const unplaced = view.seats.flatMap((s, seat) => (s.side === null ? [seat] : []));
  const edge = (side: 'north' | 'south') =>
    on(side).map((seat) => (
      <div key={seat} style={{ width: `min(100%, ${blockPx(data.block.columns)}px)` }}>
        {board(seat)}
      </div>
    ));
  return (
    <div class="bw-around" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '0.5rem' }}>
      {edge('north')}
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'center', gap: '0.5rem', width: '100%' }}>
        {on('west').map((seat) => (
          <div key={seat} style={blockWidth(data.block.columns)}>
            {board(seat)}
          </div>
        ))}
        <div style={PLAZA_WIDTH}>
          <Zoomable label="the plaza" width={data.plaza.width * CELL + 4} minTarget={CELL}>
            <PlazaBoard map={data.plaza} view={view} names={names} choosing={choosing} />
          </Zoomable>
        </div>
        {on('east').map((seat) => (
          <div key={seat} style={blockWidth(data.block.columns)}>
            {board(seat)}
          </div>
        ))}
      </div>
      {edge('south')}
      {unplaced.length > 0 && (
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '0.5rem', width: '100%' }}>
          {unplaced.map((seat) => (
            <div key={seat} style={blockWidth(data.block.columns)}>
              {board(seat)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The time limit (BW50), when the game has one: its end in the viewer's time zone, then the last round. */
function TimeLimit({ view }: { view: BlockWarGame['view'] }) {
  const zone = useTimeZone();
  const words = timeLimitWords(view.timeLimit, (iso) => zonedTime(iso, zone));
  return words === null ? null : (
    <p class={`time-limit${view.timeLimit?.lastRound ? ' last-round' : ''}`} role="note" aria-label="Time limit">
      {words}
    </p>
  );
}

/** What the letters on the counters stand for. */
function UnitKey({ content }: { content: BlockWarContent }) {
  return (
    <details class="unit-key">
      <summary>Key to the counters</summary>
      <p>
        Each block’s counters have its colour and shape (red circle, blue square, green triangle, yellow diamond); judges are black badges. A wounded counter lies on its side,
        faded. A crazed robo-doc (CR) has a dotted black edge: it fights for no block. A zigzag in a square’s corner is a scrawl; ♜ is a civic statue, ⌂ a hottie stall.
      </p>
      <dl>
        {content.units.map((kind) => (
          <div key={kind.id}>
            <dt>{UNIT_LETTERS[kind.id] ?? '?'}</dt>
            <dd>
              {kind.name} (B{kind.brawling} S{kind.shooting ?? 'NW'} A{kind.armour}
              {kind.morale === null ? '' : ` M${kind.morale}`}
              {kind.heal === null ? '' : ` H${kind.heal}`})
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function BlockWarTable({ game, data, mine, sending, send, clearRefusal }: TableProps<BlockWarGame, BlockWarData>) {
  const [picked, setPicked] = useState<string | null>(null);
  const [options, setOptions] = useState<BlockWarCommand[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const names = useMemo(() => blockWarNames(data.content, game), [data.content, game]);
  const staging = useStaging<BlockWarCommand>(send, game.version, game.legalCommands, () => setOptions(null));

  // A choice made on an older version may no longer be legal (a layout effect: see Helter Skelter's table).
  useLayoutEffect(() => {
    setPicked(null);
    setOptions(null);
  }, [game.version]);

  // Keyboard players: the square just chosen is gone once the game moves on, so focus goes to the
  // first thing the next choice offers (never away from something still focused), scrolled into
  // view: on a phone the boards stand one under another, and the square may be on any of them.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && document.contains(focused)) return;
    document.querySelector<SVGGElement>('.bw-board .square.target')?.focus();
  }, [game.version]);

  const view = game.view;
  const commands = game.legalCommands;
  const finished = game.status === 'finished' || game.status === 'abandoned';
  const placeable = placeables(commands);
  const pickedUnit = picked !== null && placeable.includes(picked) ? picked : (placeable[0] ?? null);
  const squares = bySquare(commands, pickedUnit, data.plaza.steps);
  const units = byUnit(commands);
  const buttons = buttonCommands(commands);
  const surrender = game.anytimeCommands.find((command) => command.type === 'SURRENDER');
  const situation = view.situation;
  const active = situation.kind === 'turn' ? (situation.activation?.unit ?? null) : null;
  // A unit a command names is tapped through its square, with whatever else that square offers.
  const onSquare = (square: string) => [...(squares.get(square) ?? []), ...[...units.keys()].filter((unit) => view.units[unit]?.square === square).flatMap((unit) => units.get(unit) ?? [])];
  const targetSquares = new Set([...squares.keys(), ...[...units.keys()].flatMap((unit) => view.units[unit]?.square ?? [])]);

  function stage(command: BlockWarCommand) {
    clearRefusal();
    staging.stage({ command, words: blockWarCommandWords(command, names, situation), cost: costWords(command, situation) });
  }

  function choose(list: BlockWarCommand[]) {
    clearRefusal();
    if (!list.length) return;
    if (list.length === 1) {
      setOptions(null);
      stage(list[0]!);
    } else setOptions(list);
  }

  const choosing: Choosing = {
    squares: targetSquares,
    onSquare: (square) => choose(onSquare(square)),
    units: new Set(units.keys()),
    selectedUnit: active,
    active,
  };
  const commandButton = (command: BlockWarCommand, index: number) => (
    <li key={index}>
      <button type="button" disabled={sending} onClick={() => stage(command)}>
        {blockWarCommandWords(command, names, situation)}
      </button>
    </li>
  );
  // Control's landing asks a seat whose turn it may not be: a prompt with its countdown.
  const prompted = !finished && mine && (situation.kind === 'place-judge' || situation.kind === 'judge-target');
  const judgeTargets = commands.filter((command) => command.type === 'JUDGE_TARGET');

  return (
    <div class="table-area">
      <Boards game={game} data={data} names={names} choosing={choosing} />

      <ActionBar>
        {!prompted && (
          <p class="situation" role="status">
            {situationWords(view, names, game.mySeat)}
          </p>
        )}
        {prompted && (
          <Prompt
            question={situationWords(view, names, game.mySeat)}
            deadline={mine.deadline}
            answers={staging.staged ? [] : judgeTargets}
            answersLabel="Units the judges may target"
            words={(command) => blockWarCommandWords(command, names, situation)}
            disabled={sending}
            onAnswer={stage}
          >
            {situation.kind === 'place-judge' && <p class="hint">Choose a highlighted square for each judge.</p>}
          </Prompt>
        )}
        <StagedCommand staging={staging} sending={sending} />
        {!finished && !staging.staged && (commands.length > 0 || surrender) && (
          <section class="choices" aria-label="Your choices">
            {placeable.length > 0 && (
              <div class="reserve" role="group" aria-label="Counters to place">
                {placeable.map((unit) => (
                  <button key={unit} type="button" class={unit === pickedUnit ? 'selected' : ''} aria-pressed={unit === pickedUnit} disabled={sending} onClick={() => setPicked(unit)}>
                    Place {names.unit(unit)}
                  </button>
                ))}
                <p class="hint">Then choose a highlighted square.</p>
              </div>
            )}
            {situation.kind === 'place-block' && squares.size > 0 && <p class="hint">Choose a highlighted step of the plaza: your block stands on that side, its entrances meeting those steps.</p>}
            {squares.size > 0 && placeable.length === 0 && situation.kind !== 'place-block' && <p class="hint">Choose a highlighted square{units.size ? ' (a unit: its square)' : ''} on the boards.</p>}
            {squares.size === 0 && units.size > 0 && <p class="hint">Choose a highlighted unit’s square on the boards.</p>}
            {options && (
              <ul class="options" aria-label="Which way">
                {options.map(commandButton)}
              </ul>
            )}
            {buttons.length > 0 && (
              <ul class="buttons" aria-label="Actions">
                {buttons.map(commandButton)}
              </ul>
            )}
            {surrender &&
              (confirming ? (
                <p class="confirm" role="group" aria-label="Confirm surrender">
                  Surrender your block? It leaves the game for good.{' '}
                  <button type="button" class="danger" disabled={sending} onClick={() => (setConfirming(false), void send(surrender))}>
                    Yes, surrender
                  </button>{' '}
                  <button type="button" onClick={() => setConfirming(false)}>
                    No, fight on
                  </button>
                </p>
              ) : (
                <button type="button" class="link surrender" onClick={() => setConfirming(true)}>
                  Surrender…
                </button>
              ))}
          </section>
        )}
      </ActionBar>
    </div>
  );
}

/** What a command spends, for the step that confirms it (null: nothing worth saying). */
function costWords(command: BlockWarCommand, situation: BlockWarGame['view']['situation']): string | null {
  const activation = situation.kind === 'turn' ? situation.activation : null;
  switch (command.type) {
    case 'ACTIVATE':
      return 'one of this turn’s activations';
    case 'STEP':
      return activation ? `movement points (${activation.movementPoints} left now)` : 'movement points';
    case 'BRAWL':
    case 'SHOOT':
    case 'HEAL':
      return 'the activation’s attack';
    default:
      return null;
  }
}

function Blocks({ game, names }: { game: BlockWarGame; names: (seat: number) => string }) {
  return (
    <table class="scores">
      <caption>Blocks (control at {game.view.control} of 100)</caption>
      <thead>
        <tr>
          <th scope="col">Block</th>
          <th scope="col">Fighting spirit</th>
          <th scope="col">Pool</th>
        </tr>
      </thead>
      <tbody>
        {game.view.seats.map((seat, index) => {
          const look = COLOUR_LOOKS[seat.colour];
          return (
            <tr key={index} class={game.awaiting.some((awaited) => awaited.seat === index) ? 'awaited' : ''}>
              <th scope="row">
                <span class={`bw-chip ${look.shape}`} style={{ background: look.fill }} aria-hidden="true" /> {names(index)} ({seat.colour}
                {seat.side ? `, ${seat.side}` : ''}){index === game.mySeat ? ' — you' : ''}
                {seat.surrendered ? ' (surrendered)' : ''}
              </th>
              <td>{seat.spirit}</td>
              <td>
                {seat.pool.length} in pool{seat.drawn.length ? `, ${seat.drawn.length} drawn` : ''}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
