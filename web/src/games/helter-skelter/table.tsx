// Helter Skelter's part of the game page: the board (panned and zoomed), the scores, and the
// action bar that stays in view with it: the prompt (defence, INTERRUPT, set-up) with its
// countdown, the command staged for confirmation, the choices (a card, or a character tapped
// through its space, then a space; several ways offered by name) and the hand.

import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { loadContent, loadMap, type HelterSkelterCommand as Command, type HelterSkelterContent as Content, type HelterSkelterGame as Game, type HelterSkelterMap as GameMap } from './api.ts';
import { ActionBar } from '../../game/action-bar.tsx';
import { Prompt } from '../../game/prompt.tsx';
import { useConfirmCommands } from '../../game/confirm-setting.ts';
import { StagedCommand, useStaging } from '../../game/staging.tsx';
import { Zoomable } from '../../game/zoomable.tsx';
import { Arms } from './arms.tsx';
import { TEAM_LOOKS, TeamBadge } from './teams.tsx';
import type { GameUi, TableProps } from '../game-ui.ts';
import { Board, CELL } from './board.tsx';
import { CreateHelterSkelter } from './create.tsx';
import { HELTER_SKELTER_ORDERS } from './orders.ts';
import { afterPick, afterTarget, attackLine, isButtonCommand, picks, playable, samePick, type Pick } from './choices.ts';
import { commandCost, commandWords, eventWords, namesFrom, type Names } from './words.ts';
import { HELTER_SKELTER_REFERENCE, rulesSection } from './reference.ts';
import { HELTER_SKELTER_TUTORIALS } from './tutorials.ts';
import { useSetupOnBoard } from './setup.tsx';

export interface HelterSkelterData {
  content: Content;
  map: GameMap;
}

function seatNames(game: Game): string[] {
  const names = game.seats.map((seat) => `${seat.player ?? (seat.bot ? 'Bot' : 'Free seat')} (${TEAM_LOOKS[game.options.seats[seat.seat]!.team].name})`);
  // Solo: the rules play the second seat, which no player holds.
  return game.options.solo ? [...names, TEAM_LOOKS['dark-judges'].name] : names;
}

/** "Helter Skelter: The Judges v Sláine"; solo, "Helter Skelter solo: The Judges v The Dark Judges". */
function title(game: Game): string {
  const teams = game.options.seats.map((seat) => TEAM_LOOKS[seat.team].name);
  return game.options.solo ? `Helter Skelter solo: ${[...teams, TEAM_LOOKS['dark-judges'].name].join(' v ')}` : `Helter Skelter: ${teams.join(' v ')}`;
}

export const helterSkelter: GameUi<Game, HelterSkelterData> = {
  async load(game) {
    const [content, map] = await Promise.all([loadContent(), loadMap(game.view.map)]);
    return { content, map };
  },
  name: 'Helter Skelter',
  title,
  seatName: (game, seat) => TEAM_LOOKS[game.options.seats[seat]!.team].name,
  SeatMark: ({ game, seat }) => <TeamBadge team={game.options.seats[seat]!.team} />,
  winners: (game) => game.view.winners,
  Create: CreateHelterSkelter,
  names(game, data) {
    const names = namesFrom(data.content, seatNames(game));
    return { seat: names.seat, event: (event) => eventWords(event, names), command: (command) => commandWords(command as Command, names) };
  },
  reference: HELTER_SKELTER_REFERENCE,
  rulesSection,
  tutorials: HELTER_SKELTER_TUTORIALS,
  Table: HelterSkelterTable,
  orders: HELTER_SKELTER_ORDERS,
  // The replay's picture: the board and the scores as they stood.
  Picture: ({ game, data }) => (
    <>
    <Scores game={game} names={namesFrom(data.content, seatNames(game))} />
    <Board
      map={data.map}
      view={game.view}
      content={data.content}
      targets={NOTHING}
      onTarget={() => undefined}
      actors={NOTHING}
      selectedActor={null}
      sightLines={[]}
      unseen={null}
    />
    </>
  ),
};

const NOTHING = new Set<never>();

function HelterSkelterTable({ game, data, mine, sending, send: post, clearRefusal }: TableProps<Game, HelterSkelterData>) {
  const { content, map } = data;
  const [pick, setPick] = useState<Pick | null>(null);
  const [chosenSpace, setChosenSpace] = useState<number | null>(null);
  // A space holding several characters that can act: which of them, asked in the action bar.
  const [actorSpace, setActorSpace] = useState<number | null>(null);
  const names: Names = useMemo(() => namesFrom(content, seatNames(game)), [content, game.seats]);
  const confirming = useConfirmCommands();
  const staging = useStaging<Command>(post, game.version, game.legalCommands, () => {
    setPick(null);
    setChosenSpace(null);
    setActorSpace(null);
  });
  // Set-up is chosen on the board (setup.tsx): the map cards are its targets.
  const setup = useSetupOnBoard({ view: game.view, commands: playable(game.legalCommands), content, names, version: game.version, staging, sending, clearRefusal });

  // A choice made on an older version may no longer be legal. A layout effect, run as the new
  // version is drawn: an effect would run a frame later and could undo a pick made in between.
  useLayoutEffect(() => {
    setPick(null);
    setChosenSpace(null);
    setActorSpace(null);
  }, [game.version]);

  // Keyboard players: once a card or figure is picked, focus goes to the first space it can be
  // aimed at, in the same commit that highlights the spaces (so a key pressed as soon as they show
  // finds the focus there).
  useLayoutEffect(() => {
    if (pick) document.querySelector<SVGGElement>('.board .space.target')?.focus({ preventScroll: true });
  }, [pick]);

  // Escape puts the pick back. Listened for from the table's start, not added once a pick is made:
  // an effect runs only after the next frame, so an Escape pressed as soon as the highlighted
  // spaces showed was lost, and they stayed (the flaky two-players browser test).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setPick(null);
      setChosenSpace(null);
      setActorSpace(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const view = game.view;
  const commands = playable(game.legalCommands);
  const mySeatView = view.seats.find((seat) => seat.seat === game.mySeat);
  const allPicks = picks(commands);
  const opened = pick ? afterPick(commands, pick, view) : null;
  const options = pick && chosenSpace !== null ? afterTarget(commands, pick, chosenSpace, view) : null;
  const buttons = commands.filter(isButtonCommand);
  const finished = game.status === 'finished' || game.status === 'abandoned';
  // Defence, INTERRUPT and set-up answers are given in their prompt, beside its countdown.
  const prompted = !finished && Boolean(mine) && view.situation.kind !== 'turn';
  const cardByID = new Map(content.cards.map((card) => [card.id, card]));

  /** A command tapped: staged in words with its cost, sent once confirmed. */
  function stage(command: Command) {
    clearRefusal();
    staging.stage({ command, words: commandWords(command, names), cost: commandCost(command, names) });
  }

  function choosePick(next: Pick) {
    clearRefusal();
    staging.cancel();
    setChosenSpace(null);
    setActorSpace(null);
    setPick(samePick(pick, next) ? null : next);
  }

  const characterPicks = new Set(allPicks.filter((entry) => entry.kind === 'character').map((entry) => (entry as { character: string }).character));
  const cardPicks = new Set(allPicks.filter((entry) => entry.kind === 'card').map((entry) => (entry as { card: string }).card));
  const onBoard = new Set(view.characters.filter((entry) => entry.status === 'deployed').map((entry) => entry.id));
  const actors = view.characters.filter((entry) => characterPicks.has(entry.id) && onBoard.has(entry.id));
  const actorsOn = (space: number) => actors.filter((entry) => entry.space === space);
  // Nothing picked: the spaces where a character of mine can act are the targets (a figure is
  // tapped through its space, so it never swallows the tap).
  const targets = opened ? opened.spaces : new Set(actors.map((entry) => entry.space!));

  function chooseSpace(space: number) {
    if (!pick) {
      const here = actorsOn(space);
      if (here.length === 1) choosePick({ kind: 'character', character: here[0]!.id });
      else if (here.length > 1) setActorSpace(space);
      return;
    }
    const left = afterTarget(commands, pick, space, view);
    setChosenSpace(left.length === 1 ? null : space);
    if (left.length === 1) stage(left[0]!);
  }

  // Line of sight while choosing the target of an attack: from the attacker to each target, and
  // the spaces it cannot see dimmed.
  const attacks = (opened?.commands ?? []).map(attackLine).filter((line) => line !== null);
  const attackerSpace = attacks.length ? view.characters.find((entry) => entry.id === attacks[0]!.attacker)?.space ?? null : null;
  const sightLines =
    attackerSpace === null
      ? []
      : attacks.flatMap((line) => {
          const to = view.characters.find((entry) => entry.id === line.defender)?.space;
          return to ? [{ from: attackerSpace, to }] : [];
        });
  const sees = attackerSpace === null ? null : new Set(map.spaces.find((space) => space.designation === attackerSpace)?.sees ?? []);
  const unseen = sees ? new Set(map.spaces.map((space) => space.designation).filter((designation) => !sees.has(designation))) : null;

  const reserve = setup ? [] : view.characters.filter((entry) => entry.seat === game.mySeat && entry.status === 'undeployed');
  const selectedActor = pick?.kind === 'character' ? pick.character : null;
  const situation = view.situation;

  return (
    <div class="table-area">
      <div class="table">
        <div class="board-wrap">
          <Zoomable label="the board" width={map.grid.cols * CELL} minTarget={2 * CELL}>
            <Board
              map={map}
              view={setup?.view ?? view}
              content={content}
              targets={setup?.targets ?? targets}
              onTarget={setup?.onSpace ?? chooseSpace}
              targetWords={setup?.targetWords ?? ((space) =>
                opened
                  ? 'Choose'
                  : `Act with ${actorsOn(space)
                      .map((entry) => names.character(entry.form))
                      .join(' or ')} on`)
              }
              actors={new Set(actors.map((entry) => entry.id))}
              selectedActor={setup?.selected ?? selectedActor}
              sightLines={sightLines}
              unseen={attacks.length ? unseen : null}
            />
          </Zoomable>
        </div>
        <aside class="side">
          <Scores game={game} names={names} />
        </aside>
      </div>

      <ActionBar>
        {!finished && mine && situation.kind !== 'turn' && (
          <Prompt
            question={
              setup?.question ?? (situation.kind === 'defence'
                ? `${names.character(situation.attack.character)} ${situation.attack.action} for ${situation.attack.damage} damage: defend!`
                : situation.kind === 'interrupt'
                  ? 'INTERRUPT? You may take an interrupting turn.'
                  : situation.kind === 'target'
                    ? `${names.character(situation.judge)} ${situation.action}: choose which of your characters on space ${situation.space} it targets.`
                    : 'Set-up.')
            }
            deadline={mine.deadline}
            answers={staging.staged || setup ? [] : buttons}
            answersLabel="Actions"
            words={(command) => commandWords(command, names)}
            disabled={sending}
            onAnswer={stage}
          >
            {setup?.panel}
          </Prompt>
        )}

        <StagedCommand staging={staging} sending={sending} />

        {!staging.staged && (pick || actorSpace !== null || (!prompted && buttons.length > 0) || reserve.length > 0) && (
          <section class="choices" aria-label="Your choices">
            {!pick && actorSpace === null && !prompted && mine && (cardPicks.size > 0 || actors.length > 0 || reserve.length > 0) && (
              <p class="hint">
                Tap a card in your hand{actors.length ? ', or a highlighted space to act with a character of yours there' : ''}
                {reserve.length ? ', or a character to deploy' : ''}
                {confirming ? '; you confirm before anything is sent.' : '.'}
              </p>
            )}
            {pick && (
              <p class="picked" role="status">
                {pick.kind === 'card' ? `Playing ${names.card(pick.card)}` : `Acting with ${names.character(pick.character)}`}
                {opened && opened.spaces.size > 0 && chosenSpace === null && ': choose a highlighted space on the board.'}{' '}
                <button type="button" class="cancel-pick" onClick={() => (setPick(null), setChosenSpace(null))}>
                  Cancel
                </button>
              </p>
            )}
            {actorSpace !== null && !pick && (
              <ul class="options" aria-label="Who acts">
                {actorsOn(actorSpace).map((entry) => (
                  <li key={entry.id}>
                    <button type="button" onClick={() => choosePick({ kind: 'character', character: entry.id })}>
                      Act with {names.character(entry.form)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {options && options.length > 1 && (
              <ul class="options" aria-label="Which way">
                {options.map((command, index) => (
                  <li key={index}>
                    <button type="button" disabled={sending} onClick={() => stage(command)}>
                      {commandWords(command, names)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {reserve.length > 0 && (
              <div class="reserve" aria-label="Your characters off the board">
                {reserve.map((character) => {
                  const can = characterPicks.has(character.id);
                  return (
                    <button
                      key={character.id}
                      type="button"
                      class={selectedActor === character.id ? 'selected' : ''}
                      aria-pressed={selectedActor === character.id}
                      disabled={!can || sending}
                      onClick={() => choosePick({ kind: 'character', character: character.id })}
                    >
                      {can ? 'Deploy ' : ''}
                      {names.character(character.form)} ({character.health}/{character.maxHealth})
                    </button>
                  );
                })}
              </div>
            )}
            {!prompted && <CommandButtons commands={buttons} names={names} disabled={sending} onSend={stage} />}
          </section>
        )}

        {!finished && mySeatView?.hand && (
          <Arms
            arms={mySeatView.arms ?? []}
            holdsInterrupt={mySeatView.hand.some((cardId) => cardByID.get(cardId)?.action === 'INTERRUPT')}
            myTurn={view.activeSeat === game.mySeat}
            disabled={sending}
            send={(command) => void post(command)}
          />
        )}

        {mySeatView?.hand && (
          <section class="hand" aria-labelledby="hand-title">
            <h2 id="hand-title">Your hand ({mySeatView.hand.length})</h2>
            <ul>
              {mySeatView.hand.map((cardId) => {
                const card = cardByID.get(cardId);
                const can = cardPicks.has(cardId);
                const selected = pick?.kind === 'card' && pick.card === cardId;
                return (
                  <li key={cardId}>
                    <button
                      type="button"
                      class={`card${can ? ' playable' : ''}${selected ? ' selected' : ''}`}
                      disabled={!can || sending}
                      aria-pressed={can ? selected : undefined}
                      data-card={cardId}
                      onClick={() => choosePick({ kind: 'card', card: cardId })}
                    >
                      <span class="card-action">{card?.action ?? '?'}</span>
                      <span class="card-name">{card?.name ?? cardId}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </ActionBar>
    </div>
  );
}

function CommandButtons(props: { commands: Command[]; names: Names; disabled: boolean; onSend: (command: Command) => void }) {
  if (props.commands.length === 0) return null;
  return (
    <ul class="buttons" aria-label="Actions">
      {props.commands.map((command, index) => (
        <li key={index}>
          <button type="button" disabled={props.disabled} onClick={() => props.onSend(command)}>
            {commandWords(command, props.names)}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Scores({ game, names }: { game: Game; names: Names }) {
  return (
    <table class="scores">
      <caption>Scores</caption>
      <thead>
        <tr>
          <th scope="col">Seat</th>
          <th scope="col">Points</th>
          <th scope="col">Cards</th>
        </tr>
      </thead>
      <tbody>
        {game.view.seats.map((seat) => (
          <tr key={seat.seat} class={game.awaiting.some((awaited) => awaited.seat === seat.seat) ? 'awaited' : ''}>
            <th scope="row">
              <TeamBadge team={seat.team} /> {names.seat(seat.seat)}
              {seat.seat === game.mySeat ? ' — you' : ''}
              {seat.eliminated ? ' (eliminated)' : ''}
            </th>
            <td>
              {seat.points} <small>({seat.fragments} fragments, {seat.kills.length} kills)</small>
            </td>
            <td>{game.view.solo && seat.team === 'dark-judges' ? `${game.view.solo.deckSize} solo cards left` : `${seat.handSize} in hand, ${seat.deckSize} in deck`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

