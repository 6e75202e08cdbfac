-- A paper trade reads its portfolio's cash (locking the row) and its holding of the symbol in ONE statement.
-- A statement sees the rows committed when it started, so a holding read by the same statement that waited
-- for the lock would miss what the previous holder of the lock wrote. A VOLATILE function takes a fresh
-- snapshot for each query it runs, so this one, called for the row once the lock is granted, sees it.
-- (PL/pgSQL: never inlined into the calling statement.)
CREATE FUNCTION paper_holding_now(p_portfolio_id uuid, p_symbol text)
RETURNS TABLE (quantity integer, average_cost numeric)
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  RETURN QUERY
    SELECT h.quantity, h.average_cost FROM paper_holding h
     WHERE h.portfolio_id = p_portfolio_id AND h.symbol = p_symbol;
END;
$$;
