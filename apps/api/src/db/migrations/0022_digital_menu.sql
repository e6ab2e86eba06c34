CREATE TABLE "menu_banners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"image_hash" text NOT NULL,
	"url" text,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_banners_position_unique" UNIQUE("location_id","position") DEFERRABLE INITIALLY IMMEDIATE
);
--> statement-breakpoint
CREATE TABLE "menu_files" (
	"company_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer,
	"height" integer,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_files_company_id_hash_pk" PRIMARY KEY("company_id","hash")
);
--> statement-breakpoint
CREATE TABLE "menu_image_renditions" (
	"company_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"format" text DEFAULT 'webp' NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "menu_image_renditions_company_id_hash_width_pk" PRIMARY KEY("company_id","hash","width")
);
--> statement-breakpoint
CREATE TABLE "menu_item_clicks" (
	"item_id" bigint NOT NULL,
	"month" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menu_item_clicks_item_id_month_pk" PRIMARY KEY("item_id","month")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"table_id" bigint,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"display_times" jsonb,
	"texts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"image_hash" text,
	"pdf_hash" text,
	"url" text,
	"price_cents" integer,
	"allergens" text[] DEFAULT '{}'::text[] NOT NULL,
	"additives" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_position_unique" UNIQUE NULLS NOT DISTINCT("location_id","table_id","position") DEFERRABLE INITIALLY IMMEDIATE,
	CONSTRAINT "menu_items_photo_check" CHECK (("menu_items"."kind" = 'photo') = ("menu_items"."image_hash" is not null)),
	CONSTRAINT "menu_items_pdf_check" CHECK (("menu_items"."kind" = 'pdf') = ("menu_items"."pdf_hash" is not null)),
	CONSTRAINT "menu_items_link_check" CHECK (("menu_items"."kind" = 'link') = ("menu_items"."url" is not null)),
	CONSTRAINT "menu_items_dish_check" CHECK ("menu_items"."kind" = 'dish' or ("menu_items"."price_cents" is null and cardinality("menu_items"."allergens") = 0 and cardinality("menu_items"."additives") = 0)),
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price_cents" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "menu_tables" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"location_id" bigint NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"location_id" bigint PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"registration_url" text,
	"review_url" text,
	"social_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menu_banners" ADD CONSTRAINT "menu_banners_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_banners" ADD CONSTRAINT "menu_banners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_banners" ADD CONSTRAINT "menu_banners_image_fk" FOREIGN KEY ("company_id","image_hash") REFERENCES "public"."menu_files"("company_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_files" ADD CONSTRAINT "menu_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_image_renditions" ADD CONSTRAINT "menu_image_renditions_company_id_hash_menu_files_company_id_hash_fk" FOREIGN KEY ("company_id","hash") REFERENCES "public"."menu_files"("company_id","hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_clicks" ADD CONSTRAINT "menu_item_clicks_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_table_id_menu_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."menu_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_image_fk" FOREIGN KEY ("company_id","image_hash") REFERENCES "public"."menu_files"("company_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_pdf_fk" FOREIGN KEY ("company_id","pdf_hash") REFERENCES "public"."menu_files"("company_id","hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_tables" ADD CONSTRAINT "menu_tables_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_items_table_idx" ON "menu_items" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_tables_name_unique" ON "menu_tables" USING btree ("location_id",lower("name"));--> statement-breakpoint
CREATE INDEX "menu_tables_location_idx" ON "menu_tables" USING btree ("location_id","position");--> statement-breakpoint
CREATE INDEX "menus_company_idx" ON "menus" USING btree ("company_id");