-- Games created before keyed shuffles and the fair-play rules fixes keep replaying exactly as they
-- were played: their set-up names its generator (mulberry32, the 32-bit one), and their set-up and
-- every cached state say rules edition 1 (hands dealt at creation, the old interrupt eligibility,
-- stalemate and standing-order rules). A set-up without an edition is edition 2, the current rules.
UPDATE "games"
   SET "options" = jsonb_set(jsonb_set("options", '{setup,edition}', '1'::jsonb), '{setup,generator}', '"mulberry32"'::jsonb)
 WHERE "module" = 'helter-skelter'
   AND jsonb_typeof("options" -> 'setup') = 'object'
   AND NOT ("options" -> 'setup' ? 'edition');

UPDATE "snapshots" AS s
   SET "state" = jsonb_set(s."state", '{edition}', '1'::jsonb)
  FROM "games" AS g
 WHERE g."id" = s."game_id"
   AND g."module" = 'helter-skelter'
   AND jsonb_typeof(s."state") = 'object'
   AND NOT (s."state" ? 'edition');
