-- Results and ratings are the platform's, never a game's events (src/service/ratings.ts). When a
-- game is finished its outcome is recorded once: the winners as its module names them, and, for a
-- rated game between people, every player's new rating. The games still to record are found
-- through a partial index that holds only them, so the look costs nothing once they are done.
ALTER TABLE games ADD COLUMN outcome_recorded boolean NOT NULL DEFAULT false;
CREATE INDEX games_outcome_pending_idx ON games (updated_at) WHERE ((status = 'finished'::text) AND (NOT outcome_recorded));

-- One row per finished game: who won (seats; none for a draw) and when it ended.
CREATE TABLE game_outcomes (
  game_id uuid PRIMARY KEY REFERENCES games(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  winners integer[] NOT NULL,
  ended_at timestamptz(3) NOT NULL,
  rated boolean NOT NULL
);

-- A player's rating in one game under one system: Glicko-2 (2-player games; rating, RD and
-- volatility) or OpenSkill's Weng–Lin model (3 or more; mu in `rating`, sigma in `deviation`).
CREATE TABLE ratings (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE ON UPDATE CASCADE,
  game text NOT NULL,
  system text NOT NULL,
  rating double precision NOT NULL,
  deviation double precision NOT NULL,
  volatility double precision,
  games integer NOT NULL DEFAULT 0,
  updated_at timestamptz(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (account_id, game, system)
);

-- What each rated game did to each player's rating, with the rank that did it: enough to
-- recompute every rating from the games in order.
CREATE TABLE rating_changes (
  game_id uuid NOT NULL REFERENCES games(id) ON DELETE RESTRICT ON UPDATE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE ON UPDATE CASCADE,
  seat integer NOT NULL,
  system text NOT NULL,
  rank integer NOT NULL,
  rating_before double precision NOT NULL,
  deviation_before double precision NOT NULL,
  volatility_before double precision,
  rating_after double precision NOT NULL,
  deviation_after double precision NOT NULL,
  volatility_after double precision,
  PRIMARY KEY (game_id, account_id)
);
CREATE INDEX rating_changes_account_id_idx ON rating_changes (account_id);
