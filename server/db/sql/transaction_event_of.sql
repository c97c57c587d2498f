-- The timeline step a transaction's status records: completed -> received, pending -> available,
-- validated -> paid_out, unclaimed -> none (waiting for a registration), a status that is also a step -> itself
-- (submitted: a payout its partner has, in a bank's file or at the wallet operator).

CREATE OR REPLACE FUNCTION transaction_event_of(p_status text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $$
  SELECT CASE p_status
    WHEN 'completed' THEN 'received'
    WHEN 'pending' THEN 'available'
    WHEN 'validated' THEN 'paid_out'
    WHEN 'unclaimed' THEN NULL
    ELSE CASE WHEN p_status IN ('created', 'available', 'on_hold', 'received', 'claimed', 'paid_out', 'collected',
                                'cancelled', 'refunded', 'expired', 'anchored', 'submitted') THEN p_status END
  END
$$;
