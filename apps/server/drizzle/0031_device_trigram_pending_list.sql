-- The device list's trigram indexes (0030) keep new rows in a pending list that every search reads
-- whole until it is merged into the index (by a vacuum, or past the list's limit, 4 MB by default):
-- after an import of 10,000 devices a name search read them all, 20 ms on PGlite instead of 0.6 ms.
-- At its smallest limit (64 kB) the list is merged as rows come, a little at a time. The index is
-- kept (ALTER INDEX … SET applies to the next insertions), not built again.
ALTER INDEX "devices_name_trgm" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "devices_sn_trgm" SET (gin_pending_list_limit = 64);
