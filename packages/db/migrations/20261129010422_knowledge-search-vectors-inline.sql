-- A passage's full-text vector is kept in its row (storage MAIN) rather than moved to the TOAST table: ranking
-- reads every candidate's vector, and an out-of-line one costs a TOAST index lookup and a second page per passage
-- (decisions/067). The passage text, read only for the passages returned, is what moves out of line instead.
ALTER TABLE "knowledge_chunks" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
-- Passages stored before are written again so their vectors are stored the new way (the vector is recomputed).
UPDATE "knowledge_chunks" SET "text" = "text";
