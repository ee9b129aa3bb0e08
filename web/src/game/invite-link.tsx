// The creator of a private game makes an invite link to it and copies it: the link is shown once
// (the service keeps only a hash of its token), and works until it is revoked or expires.

import { useState } from 'preact/hooks';
import { api, problemText } from '../api/client.ts';

export function InviteLink({ gameId }: { gameId: string }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function make() {
    setError(null);
    setCopied(false);
    const { data, error } = await api.POST('/v1/games/{id}/invites', { params: { path: { id: gameId } }, body: {} });
    if (!data) return setError(problemText(error));
    setLink({ url: `${window.location.origin}${data.link}`, expiresAt: data.expiresAt });
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setError('Could not copy: select the link and copy it yourself.');
    }
  }

  return (
    <div class="invite-link">
      <p>This game is private: only those you invite can see it and take a seat.</p>
      {link ? (
        <>
          <label for="invite-url">Invite link</label>
          <input id="invite-url" readOnly value={link.url} onFocus={(event) => (event.currentTarget as HTMLInputElement).select()} />
          <button type="button" onClick={copy}>
            Copy link
          </button>
          <span role="status">{copied ? 'Copied.' : ''}</span>
          <p class="hint">Works until {new Date(link.expiresAt).toLocaleString()}.</p>
        </>
      ) : (
        <button type="button" onClick={make}>
          Make an invite link
        </button>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}
