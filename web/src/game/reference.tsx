// A game's rules reference, legend and glossary, searchable, opened at a section: the same view on
// the game page (a panel, opened at what the current prompt is about) and at /rules/<game>. The
// game supplies the words (GameUi.reference); this file never names a game.

import { createContext } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { GameReference, GlossaryEntry } from '../games/game-ui.ts';
import './reference.css';

/** The legend's and the glossary's section ids, beside the game's own rule sections. */
export const LEGEND = 'legend';
export const GLOSSARY = 'glossary';

/**
 * Opens the game page's rules panel at a section (none: the one that fits the game now). Null
 * where no rules are offered. The shared prompt reads it for its "Rules for this" button.
 */
export const OpenRules = createContext<((section?: string) => void) | null>(null);

const matches = (query: string, ...texts: readonly string[]) => texts.some((text) => text.toLowerCase().includes(query));

/** The content's entries (cards, units, weapons), fetched once per reference. */
function useContentGlossary(reference: GameReference): readonly GlossaryEntry[] {
  const [entries, setEntries] = useState<readonly GlossaryEntry[]>([]);
  useEffect(() => {
    let live = true;
    setEntries([]);
    reference
      .contentGlossary?.()
      .then((loaded) => live && setEntries(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reference]);
  return entries;
}

export function ReferenceView(props: {
  reference: GameReference;
  /** The section to land on: scrolled to, its heading focused, marked current. */
  section: string | null;
  /** The level of the sections' headings (2 on the rules page, 3 in the game page's panel). */
  level: 2 | 3;
}) {
  const { reference, level } = props;
  const H = level === 2 ? 'h2' : 'h3';
  const [query, setQuery] = useState('');
  const content = useContentGlossary(reference);
  const root = useRef<HTMLDivElement>(null);
  const q = query.trim().toLowerCase();

  const sections = useMemo(() => reference.rules.filter((section) => !q || matches(q, section.title, ...section.paragraphs)), [reference, q]);
  const legend = useMemo(() => reference.legend.filter((entry) => !q || matches(q, entry.name, entry.text)), [reference, q]);
  const glossary = useMemo(
    () =>
      [...reference.glossary, ...content]
        .filter((entry) => !q || matches(q, entry.term, entry.text))
        .sort((a, b) => a.term.localeCompare(b.term, 'en', { sensitivity: 'base' })),
    [reference, content, q],
  );

  // Land on the section asked for, once it is drawn.
  useEffect(() => {
    if (!props.section) return;
    const heading = root.current?.querySelector<HTMLElement>(`[data-section="${props.section}"] > :is(h2, h3)`);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  }, [props.section]);

  const current = (id: string) => (props.section === id && !q ? ' current' : '');
  const nothing = sections.length + legend.length + glossary.length === 0;

  return (
    <div class="reference" ref={root}>
      <p class="reference-search">
        <label for="reference-search">Search the rules, legend and glossary</label>
        <input id="reference-search" type="search" value={query} onInput={(event) => setQuery((event.currentTarget as HTMLInputElement).value)} />
      </p>
      <p class="reference-count" role="status">
        {q ? (nothing ? `Nothing matches “${query.trim()}”.` : `${sections.length + legend.length + glossary.length} matches.`) : ''}
      </p>
      {!q && (
        <nav aria-label="Sections of the rules">
          <ul>
            {[...reference.rules, { id: LEGEND, title: 'Legend' }, { id: GLOSSARY, title: 'Glossary' }].map((section) => (
              <li key={section.id}>
                <a href={`#rules-${section.id}`} aria-current={props.section === section.id ? 'location' : undefined}>
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {sections.map((section) => (
        <section key={section.id} id={`rules-${section.id}`} data-section={section.id} class={`rules-section${current(section.id)}`} aria-labelledby={`rules-${section.id}-title`}>
          <H id={`rules-${section.id}-title`} tabIndex={-1}>
            {section.title}
          </H>
          {section.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      {legend.length > 0 && (
        <section id={`rules-${LEGEND}`} data-section={LEGEND} class={`rules-section${current(LEGEND)}`} aria-labelledby="rules-legend-title">
          <H id="rules-legend-title" tabIndex={-1}>
            Legend
          </H>
          <dl class="legend">
            {legend.map(({ symbol, name, text, Picture }) => (
              <div key={symbol} data-legend={symbol}>
                <dt>
                  {Picture && (
                    <span class="legend-picture" aria-hidden="true">
                      <Picture />
                    </span>
                  )}
                  {name}
                </dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {glossary.length > 0 && (
        <section id={`rules-${GLOSSARY}`} data-section={GLOSSARY} class={`rules-section${current(GLOSSARY)}`} aria-labelledby="rules-glossary-title">
          <H id="rules-glossary-title" tabIndex={-1}>
            Glossary
          </H>
          <dl class="glossary">
            {glossary.map((entry) => (
              <div key={entry.term}>
                <dt>{entry.term}</dt>
                <dd>{entry.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}

/** The game page's panel: a modal dialog over the game, closed with its button or Escape. */
export function RulesPanel(props: { name: string; reference: GameReference; section: string | null; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Before the view's effect lands on its section: showModal focuses the first button, which
  // would otherwise scroll the panel back to its top.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} class="rules-panel" aria-labelledby="rules-panel-title" onClose={props.onClose}>
      <header>
        <h2 id="rules-panel-title">Rules of {props.name}</h2>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </header>
      <ReferenceView reference={props.reference} section={props.section} level={3} />
    </dialog>
  );
}
