-- Placeholder: this migration slot is reserved; replace this statement with the real SQL.
SELECT 1;