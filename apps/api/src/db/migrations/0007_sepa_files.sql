CREATE TABLE "sepa_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"file_name" text NOT NULL,
	"due_until" date NOT NULL,
	"transactions" integer NOT NULL,
	"control_sum_cents" bigint NOT NULL,
	"xml" text NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_files_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sepa_file_id" bigint;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sepa_files" ADD CONSTRAINT "sepa_files_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sepa_file_id_sepa_files_id_fk" FOREIGN KEY ("sepa_file_id") REFERENCES "public"."sepa_files"("id") ON DELETE no action ON UPDATE no action;