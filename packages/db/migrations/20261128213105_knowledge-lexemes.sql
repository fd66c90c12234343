CREATE TABLE "knowledge_lexemes" (
	"document_id" text NOT NULL,
	"knowledge_base_id" text NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "knowledge_lexemes_document_id_lexeme_pk" PRIMARY KEY("document_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "knowledge_lexemes" ADD CONSTRAINT "knowledge_lexemes_document_id_knowledge_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."knowledge_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_lexemes_base_lexeme_idx" ON "knowledge_lexemes" USING btree ("knowledge_base_id","lexeme");--> statement-breakpoint
-- Documents read before this table existed: their passages' lexemes counted from the stored vectors.
INSERT INTO "knowledge_lexemes" ("document_id", "knowledge_base_id", "lexeme", "chunks")
SELECT c."document_id", c."knowledge_base_id", u."lexeme", count(*)::integer
FROM "knowledge_chunks" c, unnest(c."search") AS u("lexeme", "positions", "weights")
GROUP BY c."document_id", c."knowledge_base_id", u."lexeme";
