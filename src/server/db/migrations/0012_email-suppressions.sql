CREATE TABLE "email_suppressions" (
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_customer_id_email_topic_pk" PRIMARY KEY("customer_id","email","topic")
);
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;