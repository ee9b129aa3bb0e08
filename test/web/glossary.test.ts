// Every word the client prints about a game is explained, and every symbol its boards draw has a
// key. For each game of the web registry, random legal games are played through the game module
// (its documented create-game tables, and Helter Skelter's solo and Dark Judges tables besides);
// every event, as a seat may read it, goes through the game's words for the log, every legal
// command through its words for the buttons, and sampled positions are drawn by its board
// (GameUi.Picture, rendered to a string). Then:
//   - every term the words module declares (GameReference.terms, its TERMS) has a glossary entry;
//   - every term found in what was printed has one: a word in capitals (SNIPE, INTERRUPT) and a
//     bracketed word such as “(wild)”;
//   - nothing printed is a content id (“solo-08”, “judges-01”): cards and units go by name;
//   - every `data-symbol` drawn has a legend entry.
// The game's fixed data is fetched by the game's own `load`, over HTTP from a real app.

import { createHash } from 'node:crypto';
import { h, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameReference, ShellNames } from '../../web/src/games/game-ui.ts';
import { RuleError } from '../../src/platform/game-module.ts';
import { playRandomGame } from '../../src/platform/random-player.ts';
import { seedRng } from '../../src/platform/random.ts';
import { gameRegistry, type AnyGameModule } from '../../src/service/registry.ts';
import { useTestApp } from '../support/app.ts';

const t = useTestApp();

/** What this test reads of a GameUi (web/src/games/game-ui.ts); the registry is JSX, loaded at run time. */
interface Ui {
  name: string;
  load(game: unknown): Promise<unknown>;
  names(game: unknown, data: unknown): ShellNames;
  Picture: ComponentType<{ game: unknown; data: unknown }>;
  reference?: GameReference;
}

/** Tables no create-game example shows, for words only they print (solo cards, armour). */
const MORE_TABLES: Record<string, Record<string, unknown>[]> = {
  'helter-skelter': [
    { map: 'grand-hall-of-justice', solo: true, seats: [{ team: 'slaine' }] },
    { map: 'dan-tanna-enid-blyton', seats: [{ team: 'dark-judges' }, { team: 'nikolai-dante' }, { team: 'strontium-dogs' }] },
  ],
};

const SEEDS = ['glossary-1', 'glossary-2'];
const SAMPLES = 6;

interface Corpus {
  sentences: string[];
  symbols: Set<string>;
}

let uis: ReadonlyMap<string, Ui>;

beforeAll(async () => {
  // The web client's API client reads the page's origin when it is first imported.
  (globalThis as { location?: unknown }).location = { origin: t.base };
  const registry: string = '../../web/src/games/registry.ts';
  uis = ((await import(registry)) as { GAME_UIS: ReadonlyMap<string, Ui> }).GAME_UIS;
});

/** A game resource as `GET /v1/games/{id}` would show it to seat 0, at this state. */
function resource(module: AnyGameModule, options: Record<string, unknown>, state: unknown, version: number) {
  const seats = (options.seats as { bot?: unknown }[]).map((seat, index) => ({ seat: index, player: seat.bot ? null : `player${index}`, bot: Boolean(seat.bot) }));
  return {
    id: '00000000-0000-4000-8000-000000000000',
    game: module.id,
    status: module.isOver(state) ? 'finished' : 'active',
    version,
    options,
    seats,
    mySeat: 0,
    view: module.view(state, 0),
    awaiting: module.awaiting(state).map((awaited: object) => ({ ...awaited, deadline: null })),
    legalCommands: module.legalCommands(state, 0),
  };
}

async function corpusOf(module: AnyGameModule, ui: Ui): Promise<Corpus> {
  const tables = [...Object.values(module.schemas.examples?.create ?? {}).map((example) => (example.value as { options: Record<string, unknown> }).options), ...(MORE_TABLES[module.id] ?? [])];
  const sentences: string[] = [];
  const symbols = new Set<string>();
  for (const table of tables) {
    const { seed: _seed, ...options } = table;
    for (const seed of SEEDS) {
      const setup = module.createSetup(options, { key: createHash('sha256').update(seed).digest('hex') });
      if (setup instanceof RuleError) throw new Error(`${module.id} refuses ${JSON.stringify(options)}: ${setup.message}`);
      const played = playRandomGame(module, setup, seedRng(seed), { maxCommands: 800, expiryRate: 0.05 }, (windowId) => ({ type: 'EXPIRE_WINDOW', windowId }));
      let state = module.initialState(setup);
      const first = resource(module, options, state, 0);
      const data = await ui.load(first);
      const every = Math.max(1, Math.floor(played.events.length / SAMPLES));
      for (const [index, event] of played.events.entries()) {
        state = module.evolve(state, event);
        const game = resource(module, options, state, index + 1);
        const names = ui.names(game, data);
        const line = names.event(module.redact(event, 0) as never);
        if (line) sentences.push(line);
        if (index % every === 0 || index === played.events.length - 1) {
          for (const command of game.legalCommands) if (names.command) sentences.push(names.command(command as never));
          const drawn = renderToString(h(ui.Picture, { game, data }));
          for (const [, value] of drawn.matchAll(/data-symbol="([^"]*)"/g)) for (const symbol of value!.split(/\s+/)) if (symbol) symbols.add(symbol);
        }
      }
    }
  }
  return { sentences, symbols };
}

/** The terms a sentence prints that need explaining: words in capitals, and a lone word in brackets. */
export function termsIn(sentence: string): string[] {
  return [...sentence.matchAll(/\b[A-Z]{2,}(?: [A-Z]{2,})*\b/g), ...sentence.matchAll(/\(([a-z]+)\)/g)].map((match) => match[1] ?? match[0]);
}

/** The ids in a game's content that name one thing of many (a card, a solo card): never to be printed. */
async function contentIds(game: string): Promise<string[]> {
  const content = (await (await fetch(`${t.base}/v1/games/${game}/content`)).json()) as unknown;
  const ids: string[] = [];
  JSON.stringify(content, (key, value: unknown) => {
    if (key === 'id' && typeof value === 'string' && /\d/.test(value)) ids.push(value);
    return value;
  });
  return ids;
}

const known = (entries: readonly { term: string }[]) => new Set(entries.map((entry) => entry.term.toLowerCase()));

describe('what the client prints about a game, explained', () => {
  it('every game the web client draws has a rules reference, legend and glossary', () => {
    expect([...uis].filter(([, ui]) => !ui.reference).map(([id]) => id), 'games of the web registry with no GameUi.reference').toEqual([]);
  });

  for (const id of [...gameRegistry().keys()]) {
    it(`${id}: every term printed has a glossary entry, every symbol drawn a legend entry, and nothing goes by id`, async () => {
      const ui = uis.get(id);
      if (!ui) return; // a game this client does not draw prints nothing
      expect(ui.reference, `${ui.name} has no rules reference, legend or glossary (GameUi.reference)`).toBeDefined();
      const reference = ui.reference!;
      const glossary = known(reference.glossary);

      expect(reference.terms.filter((term) => !glossary.has(term.toLowerCase())), `${ui.name}: terms its words print with no glossary entry`).toEqual([]);

      const { sentences, symbols } = await corpusOf(gameRegistry().get(id)!, ui);
      expect(sentences.length).toBeGreaterThan(100);
      const unexplained = new Set(sentences.flatMap(termsIn).filter((term) => !glossary.has(term.toLowerCase())));
      expect([...unexplained], `${ui.name}: printed terms with no glossary entry`).toEqual([]);

      const ids = await contentIds(id);
      const byId = sentences.filter((sentence) => ids.some((contentId) => new RegExp(`(^|[^\\w-])${contentId}($|[^\\w-])`).test(sentence)));
      expect(byId.slice(0, 5), `${ui.name}: sentences naming a card or unit by its id`).toEqual([]);

      const legend = new Set(reference.legend.map((entry) => entry.symbol));
      expect(symbols.size).toBeGreaterThan(3);
      expect([...symbols].filter((symbol) => !legend.has(symbol)), `${ui.name}: symbols its board draws with no legend entry`).toEqual([]);
    });
  }

  it('finds the terms of a sentence: capitals and a bracketed word, not ordinary words', () => {
    expect(termsIn('Judge Dredd & Mean Machine: SNIPE (wild)')).toEqual(['SNIPE', 'wild']);
    expect(termsIn('Judge Dredd COLLECT FRAGMENT on space 4 (Judge Dredd).')).toEqual(['COLLECT FRAGMENT']);
    expect(termsIn('Punk 2 of Rick Whitely moves to plaza 5,0 (1 movement points).')).toEqual([]);
  });
});
