-- The log's `kind IN ('new', …)` check made SQLite build a temporary b-tree of its seven values
-- on every insert (an IN list of constants is coded as an ephemeral index): about 3 µs of each
-- logged action, most of a roll's insert. The same check written as comparisons builds nothing.
-- SQLite's ALTER TABLE cannot change an unnamed CHECK, and rebuilding the log would copy every
-- entry; an equivalent CHECK that every stored row already meets is one of the changes SQLite's
-- documentation ("ALTER TABLE", "Making Other Kinds Of Table Schema Changes",
-- https://www.sqlite.org/lang_altertable.html) makes by editing the table's text in
-- sqlite_schema with writable_schema on. The migration's hook (store/mod.rs) then bumps
-- schema_version, as that procedure says, so other connections re-read the schema, and
-- reloads this connection's.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql,
       'CHECK (kind IN (''new'', ''action'', ''undo'', ''end'', ''roll'', ''global'', ''reveal''))',
       'CHECK (kind = ''new'' OR kind = ''action'' OR kind = ''undo'' OR kind = ''end'' OR kind = ''roll'' OR kind = ''global'' OR kind = ''reveal'')')
 WHERE type = 'table' AND name = 'log';
