-- Whether anyone would be told about a game by the `notify` job (src/jobs/notifications.ts): an
-- enabled webhook subscription for the game, or a seated player with a verified address who has
-- not turned email off or with an enabled subscription of their own. The statement that appends
-- a command adds the job only when this holds, so a game nobody listens to costs no job at all.
-- The job itself still decides who is told (quiet periods, digests, reminders).
-- PL/pgSQL, not SQL: it keeps its plans for the session, where a SQL function would be planned
-- again on every call (most of the cost of a command's append, measured).
CREATE FUNCTION notify_wanted(game uuid) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM webhook_subscriptions w WHERE w.enabled AND w.game_id = game)
      OR EXISTS (
        SELECT 1 FROM game_seats s JOIN accounts a ON a.id = s.account_id
         WHERE s.game_id = game AND NOT s.bot
           AND ((a.email_verified_at IS NOT NULL AND coalesce(a.preferences #>> '{notifications,email}', 'every') <> 'off')
                OR EXISTS (SELECT 1 FROM webhook_subscriptions w WHERE w.enabled AND w.game_id IS NULL AND w.account_id = a.id)));
END
$$;
