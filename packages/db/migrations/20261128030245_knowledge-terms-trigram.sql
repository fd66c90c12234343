CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"document_id" text NOT NULL,
	"knowledge_base_id" text NOT NULL,
	"term" text NOT NULL,
	CONSTRAINT "knowledge_terms_document_id_term_pk" PRIMARY KEY("document_id","term")
);
--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_terms_base_idx" ON "knowledge_terms" USING btree ("knowledge_base_id");--> statement-breakpoint
CREATE INDEX "knowledge_terms_trigram_idx" ON "knowledge_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "knowledge_terms" ("document_id", "knowledge_base_id", "term") SELECT DISTINCT c."document_id", c."knowledge_base_id", w.term FROM "knowledge_chunks" c, regexp_split_to_table(lower(c."title" || ' ' || c."section" || ' ' || c."text"), '[^a-z0-9]+') AS w(term) WHERE length(w.term) BETWEEN 3 AND 40 ON CONFLICT DO NOTHING;
