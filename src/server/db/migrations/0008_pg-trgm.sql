-- Trigram indexes (the next migration) serve the searches by PO, order number and item
-- (docs/decisions/020). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
