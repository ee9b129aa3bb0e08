-- Private games and their invitations. Whether a game is private is the platform's, beside the
-- rest of what it stores in `options` (createdBy, fairness, bots): every game says so, and the
-- games stored until now were all public.
UPDATE games SET options = options || '{"private": false}'::jsonb WHERE NOT (options ? 'private');

-- An invitation to a private game: a random token, of which only the SHA-256 is stored (as
-- email_tokens), so the table alone opens no game. The creator revokes it; it expires.
CREATE TABLE game_invites (
    id          UUID         NOT NULL DEFAULT gen_random_uuid(),
    game_id     UUID         NOT NULL,
    token_hash  TEXT         NOT NULL,
    created_by  UUID         NOT NULL,
    created_at  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    expires_at  TIMESTAMPTZ(3) NOT NULL,
    revoked_at  TIMESTAMPTZ(3),
    CONSTRAINT game_invites_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX game_invites_token_hash_key ON game_invites (token_hash);
CREATE INDEX game_invites_game_id_idx ON game_invites (game_id);
ALTER TABLE game_invites ADD CONSTRAINT game_invites_game_id_fkey FOREIGN KEY (game_id) REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE game_invites ADD CONSTRAINT game_invites_created_by_fkey FOREIGN KEY (created_by) REFERENCES accounts (id) ON DELETE CASCADE ON UPDATE CASCADE;
