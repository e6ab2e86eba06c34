-- An issued invoice or credit note is a record that must be kept unchanged for ten years (§ 147 AO,
-- GoBD): only its payment state may move. The database refuses anything else, whatever the code does.
CREATE FUNCTION invoices_kept_as_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is issued and is kept as issued; cancel it with a credit note', OLD.number
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.company_id, NEW.kind, NEW.number, NEW.refers_to_invoice_id, NEW.period_start, NEW.period_end,
      NEW.issue_date, NEW.debit_date, NEW.locale, NEW.seller, NEW.buyer, NEW.lines, NEW.net_cents,
      NEW.vat_rate_percent, NEW.vat_cents, NEW.gross_cents, NEW.mandate_id, NEW.mandate_reference,
      NEW.creditor_id, NEW.correction_reason, NEW.pdf)
    IS DISTINCT FROM
     (OLD.company_id, OLD.kind, OLD.number, OLD.refers_to_invoice_id, OLD.period_start, OLD.period_end,
      OLD.issue_date, OLD.debit_date, OLD.locale, OLD.seller, OLD.buyer, OLD.lines, OLD.net_cents,
      OLD.vat_rate_percent, OLD.vat_cents, OLD.gross_cents, OLD.mandate_id, OLD.mandate_reference,
      OLD.creditor_id, OLD.correction_reason, OLD.pdf) THEN
    RAISE EXCEPTION 'invoice % is issued and is kept as issued; cancel it with a credit note', OLD.number
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_kept_as_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_kept_as_issued();
