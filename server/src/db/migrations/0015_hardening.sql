-- An administrator's password reset or role group change ends every session of the user, as a
-- deactivation does (0001_auth_sessions): whoever held the old password or the old rights signs in
-- again, by whatever path the row changes. A user editing their own account keeps the session the
-- edit is made from: the staff update names it in `lbo.keep_session` for its own transaction.
CREATE FUNCTION "auth_end_sessions_on_credentials"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH ended AS (
    UPDATE "auth_sessions" SET "revoked_at" = now()
     WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL
       AND "id" IS DISTINCT FROM nullif(current_setting('lbo.keep_session', true), '')::integer
    RETURNING "id"
  )
  UPDATE "refresh_tokens" SET "successor_sealed" = NULL
   WHERE "session_id" IN (SELECT "id" FROM ended) AND "successor_sealed" IS NOT NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "staff_users_end_sessions_on_credentials" AFTER UPDATE OF "password_hash", "role_group_id" ON "staff_users"
  FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash"
                     OR OLD."role_group_id" IS DISTINCT FROM NEW."role_group_id")
  EXECUTE FUNCTION "auth_end_sessions_on_credentials"();
--> statement-breakpoint
-- Request limits shared by every API process (server/src/http/rate-limit.ts): one row per key,
-- counting hits until window_end; the next hit after it starts a new window. Unlogged: a count is
-- worth no WAL write per request, and losing the counts in a crash only restarts the windows.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
