CREATE TABLE "drawn_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "drawn_documents_created_idx" ON "drawn_documents" USING btree ("created_date");