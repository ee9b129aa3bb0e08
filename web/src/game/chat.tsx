// The table chat beside a game: the newest messages, then new ones live over the chat stream; a
// labelled line to write one; a button to mute an author (their messages leave this page at once
// and every page after, until unmuted). New messages are announced politely by the log's live region.

import { useEffect, useRef, useState } from 'preact/hooks';
import { api, problemText } from '../api/client.ts';
import { followChat, type ChatMessage } from './stream.ts';

const MAX_LENGTH = 500;

export function ChatPanel({ gameId, me, seatName }: { gameId: string; me: string | null; seatName: (seat: number) => string }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [mutes, setMutes] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loaded, setLoaded] = useState(0);
  // Older messages than the first shown exist: a button fetches them.
  const [earlier, setEarlier] = useState(false);
  // Busy until the first page is in: a screen reader then does not read the backlog out as news.
  const [ready, setReady] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  // The newest page, then live; again after an unmute (the hidden messages come back).
  useEffect(() => {
    let live = true;
    let stream: { close(): void } | null = null;
    (async () => {
      const { data, error } = await api.GET('/v1/games/{id}/chat', { params: { path: { id: gameId }, query: { limit: 100 } } });
      if (!live) return;
      if (!data) return setProblem(problemText(error));
      setMessages(data.messages);
      setEarlier(data.more);
      setReady(true);
      const after = data.messages.length ? data.messages[data.messages.length - 1]!.id : 0;
      stream = followChat(gameId, after, {
        onMessage: (message) => setMessages((shown) => (shown.some((other) => other.id === message.id) ? shown : [...shown, message])),
        onState: () => undefined,
      });
    })();
    return () => {
      live = false;
      stream?.close();
    };
  }, [gameId, me, loaded]);

  useEffect(() => {
    if (!me) return setMutes([]);
    api.GET('/v1/me/mutes').then(({ data }) => data && setMutes(data.mutes.map((mute) => mute.handle)));
  }, [me]);

  // Down to the newest when one arrives; not when earlier ones are put above.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages[messages.length - 1]?.id]);

  async function showEarlier() {
    const before = messages[0]?.id;
    const { data, error } = await api.GET('/v1/games/{id}/chat', { params: { path: { id: gameId }, query: { limit: 100, ...(before ? { before } : {}) } } });
    if (!data) return setProblem(problemText(error));
    setEarlier(data.more);
    setMessages((shown) => [...data.messages.filter((message) => !shown.some((other) => other.id === message.id)), ...shown]);
  }

  async function submit(event: Event) {
    event.preventDefault();
    setSending(true);
    const { data, error } = await api.POST('/v1/games/{id}/chat', { params: { path: { id: gameId } }, body: { text } });
    setSending(false);
    if (!data) return setProblem(problemText(error));
    setProblem(null);
    setText('');
    setMessages((shown) => (shown.some((other) => other.id === data.id) ? shown : [...shown, data]));
  }

  async function mute(handle: string) {
    const { data, error } = await api.PUT('/v1/me/mutes/{handle}', { params: { path: { handle } } });
    if (!data) return setProblem(problemText(error));
    setMutes((held) => [...held.filter((other) => other !== data.handle), data.handle]);
    setMessages((shown) => shown.filter((message) => message.author !== data.handle));
  }

  async function unmute(handle: string) {
    const { error } = await api.DELETE('/v1/me/mutes/{handle}', { params: { path: { handle } } });
    if (error) return setProblem(problemText(error));
    setMutes((held) => held.filter((other) => other !== handle));
    setLoaded((n) => n + 1);
  }

  return (
    <section class="chat" aria-labelledby="chat-title">
      <h2 id="chat-title">Table chat</h2>
      {earlier && (
        <button type="button" class="link" onClick={showEarlier}>
          Earlier messages
        </button>
      )}
      <div ref={list} class="chat-log" role="log" aria-live="polite" aria-busy={!ready} aria-label="Chat messages" tabIndex={0}>
        {messages.length === 0 && <p class="quiet">No messages yet.</p>}
        {messages.map((message) => (
          <p key={message.id} data-chat-id={message.id}>
            <strong>{message.author}</strong>
            <small> {message.seat === null ? 'spectator' : seatName(message.seat)}</small>: <span class="chat-text">{message.text}</span>
            {me && message.author !== me && (
              <>
                {' '}
                <button type="button" class="link" onClick={() => mute(message.author)} aria-label={`Mute ${message.author}`}>
                  Mute
                </button>
              </>
            )}
          </p>
        ))}
      </div>
      {me ? (
        <form class="inline-form" onSubmit={submit}>
          <label for="chat-text">Your message</label>
          <input
            id="chat-text"
            required
            maxLength={MAX_LENGTH}
            autocomplete="off"
            value={text}
            onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit" disabled={sending}>
            Send
          </button>
        </form>
      ) : (
        <p>Log in to write at the table.</p>
      )}
      {problem && (
        <p role="alert" class="error">
          {problem}
        </p>
      )}
      {mutes.length > 0 && (
        <p class="muted-list">
          Muted:{' '}
          {mutes.map((handle) => (
            <button key={handle} type="button" class="link" onClick={() => unmute(handle)} aria-label={`Unmute ${handle}`}>
              {handle}
            </button>
          ))}
        </p>
      )}
    </section>
  );
}
