-- Live updates (server/src/live/): every staff write already leaves an audit_log row in its own
-- transaction (the resource machinery, actions, imports, the modules' own writes), so one statement
-- trigger here publishes "entity X changed" for all of them. NOTIFY is delivered at commit and
-- dropped on rollback. One message per entity per statement: the ids only when 50 or fewer (the
-- payload stays far under NOTIFY's 8000 bytes), the branches the rows are filed under, and whether
-- any row has no branch (data every user sees, or an import filed under none), and who wrote
-- (so a client can tell its own writes from another user's).
CREATE OR REPLACE FUNCTION lbo_notify_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lbo_changes', json_build_object(
    'entity', n.entity,
    'ids', CASE WHEN count(*) <= 50 THEN json_agg(n.entity_id) FILTER (WHERE n.entity_id IS NOT NULL) END,
    'branch_ids', coalesce(json_agg(DISTINCT n.branch_id) FILTER (WHERE n.branch_id IS NOT NULL), '[]'::json),
    'unscoped', bool_or(n.branch_id IS NULL),
    'user_ids', coalesce(json_agg(DISTINCT n.user_id) FILTER (WHERE n.user_id IS NOT NULL), '[]'::json)
  )::text)
  FROM new_rows n
  GROUP BY n.entity;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_notify_change AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lbo_notify_audit_change();
--> statement-breakpoint
-- A broadcast's delivery is not a staff write (no audit row): its figures moving publish "broadcast
-- changed" to the back office, and its end publishes "inbox" once to the stores it reached. The
-- branches are the audience's when it names branches; an audience by region, type or code list is
-- marked unscoped (each store refetches its own inbox, which holds only its deliveries).
CREATE OR REPLACE FUNCTION lbo_notify_broadcast_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  branches json := coalesce(
    (SELECT json_agg(b::int) FROM jsonb_array_elements_text(
       CASE WHEN jsonb_typeof(NEW.target->'branch_ids') = 'array' THEN NEW.target->'branch_ids' ELSE '[]'::jsonb END) AS x(b)),
    '[]'::json);
  unscoped boolean := json_array_length(branches) = 0;
BEGIN
  PERFORM pg_notify('lbo_changes', json_build_object(
    'entity', 'broadcast', 'ids', json_build_array(NEW.id), 'branch_ids', branches, 'unscoped', unscoped)::text);
  IF NEW.status = 'sent' AND OLD.status IS DISTINCT FROM 'sent' THEN
    PERFORM pg_notify('lbo_changes', json_build_object(
      'entity', 'inbox', 'ids', json_build_array(NEW.id), 'branch_ids', branches, 'unscoped', unscoped)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER broadcasts_notify_change AFTER UPDATE OF status, sent_count ON broadcasts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.sent_count IS DISTINCT FROM NEW.sent_count)
  EXECUTE FUNCTION lbo_notify_broadcast_change();
