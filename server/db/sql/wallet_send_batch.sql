-- wallet_send_batch(): several sends to registered recipients in one statement, so one round trip and one commit
-- (one WAL flush) for all of them. The service (transfers/send-batcher.ts) gathers the sends that arrive while
-- earlier ones are being written and calls this with them; each item is exactly wallet_send_as()'s arguments.
--
-- Each item runs in its own subtransaction (the BEGIN ... EXCEPTION block): a send that raises (not enough funds,
-- a serialization failure, anything unexpected) rolls back alone, its writes and its idempotency key with it, and
-- answers {"outcome": "error", "state": SQLSTATE}; the service then sends that one again on its own, where the
-- error becomes its usual answer. Answers that return (a wrong code counted, a limit, a replay) commit with the
-- batch, as they commit alone. The answers come back in the items' order.
--
-- Locks: every send of the batch keeps its row locks until the batch commits, so two batches (two API processes)
-- could each hold a wallet the other waits for. First, every user the batch touches (senders and the users their
-- contacts point to) is locked FOR NO KEY UPDATE in ascending id order: a wallet belongs to one user, so two
-- batches that share a wallet queue on its user's row before either touches a wallet. The senders' rows are the
-- ones wallet_send() locks anyway; a recipient's row is otherwise only read (KEY SHARE for the foreign keys, which
-- this lock does not block). Rows are locked by the batch's top transaction, so an item's own FOR NO KEY UPDATE
-- finds them held and takes nothing new.
--
-- Batches stay small (the service caps them well under 64 items): past 64 subtransactions that wrote, every
-- snapshot of the cluster gets slower (the subtransaction cache overflows).
-- requires: wallet_send_as.sql

CREATE OR REPLACE FUNCTION wallet_send_batch(p_items jsonb, p_max_attempts integer, p_lock_seconds integer)
 RETURNS jsonb
 LANGUAGE plpgsql
AS $$
  DECLARE
    it jsonb;
    v_result jsonb;
    v_results jsonb[] := '{}';
  BEGIN
    PERFORM 1 FROM users
     WHERE id IN (SELECT (x ->> 'sender')::bigint FROM jsonb_array_elements(p_items) AS x
                  UNION
                  SELECT c.contact_user
                    FROM jsonb_array_elements(p_items) AS x
                    JOIN contacts c ON c.id = (x ->> 'contact')::bigint AND c.owner_user_id = (x ->> 'sender')::bigint
                   WHERE c.contact_user IS NOT NULL)
     ORDER BY id
       FOR NO KEY UPDATE;
    FOR it IN SELECT value FROM jsonb_array_elements(p_items) LOOP
      BEGIN
        v_result := wallet_send_as((it ->> 'session')::uuid, (it ->> 'sender')::bigint, (it ->> 'contact')::bigint,
                                   (it ->> 'amount')::bigint, decode(it ->> 'salt', 'hex'),
                                   decode(it ->> 'mac', 'hex'), it ->> 'scope', it ->> 'key',
                                   it ->> 'request_hash', (it ->> 'now')::timestamptz, p_max_attempts,
                                   p_lock_seconds);
      EXCEPTION WHEN OTHERS THEN
        v_result := jsonb_build_object('outcome', 'error', 'state', SQLSTATE);
      END;
      v_results := v_results || v_result;
    END LOOP;
    RETURN to_jsonb(v_results);
  END
$$;
