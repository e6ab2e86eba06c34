CREATE TABLE "nft_item_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"item_id" bigint,
	"kind" text NOT NULL,
	"app_user_id" bigint,
	"location_id" bigint,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" text NOT NULL,
	"offer_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"purchase_id" bigint,
	"app_user_id" bigint NOT NULL,
	"wallet_address" text NOT NULL,
	"source" text DEFAULT 'market' NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"price_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_day" date NOT NULL,
	"withdrawal_ends_at" timestamp with time zone,
	"transfer_due_at" timestamp with time zone,
	"transfer_id" bigint,
	"redeemed_at" timestamp with time zone,
	"redeemed_location_id" bigint,
	"withdrawn_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_items_nft_id_unique" UNIQUE("nft_id"),
	CONSTRAINT "nft_items_redeemed_check" CHECK (("nft_items"."state" = 'redeemed') = ("nft_items"."redeemed_at" is not null)),
	CONSTRAINT "nft_items_withdrawn_check" CHECK (("nft_items"."state" = 'withdrawn') = ("nft_items"."withdrawn_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "nft_offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text,
	"note" text,
	"actor" text NOT NULL,
	"actor_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_offer_locations" (
	"offer_id" bigint NOT NULL,
	"location_id" bigint NOT NULL,
	CONSTRAINT "nft_offer_locations_offer_id_location_id_pk" PRIMARY KEY("offer_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "nft_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"type" text NOT NULL,
	"state" text DEFAULT 'in_review' NOT NULL,
	"off_market_reason" text,
	"industry_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"legal_notes" text,
	"external_link" text,
	"photo_hash" text NOT NULL,
	"validity_type" text NOT NULL,
	"validity_days" integer,
	"quantity" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"reserved_count" integer DEFAULT 0 NOT NULL,
	"min_order_quantity" integer DEFAULT 1 NOT NULL,
	"start_date" date,
	"end_date" date,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"original_price_cents" integer,
	"vat_rate" integer,
	"purpose" text,
	"version" integer DEFAULT 1 NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" bigint,
	"on_market_at" timestamp with time zone,
	"off_market_at" timestamp with time zone,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_offers_counts_check" CHECK ("nft_offers"."sold_count" >= 0 and "nft_offers"."reserved_count" >= 0 and ("nft_offers"."quantity" is null or "nft_offers"."sold_count" + "nft_offers"."reserved_count" <= "nft_offers"."quantity")),
	CONSTRAINT "nft_offers_off_market_reason_check" CHECK (("nft_offers"."state" = 'off_market') = ("nft_offers"."off_market_reason" is not null)),
	CONSTRAINT "nft_offers_coupon_free_check" CHECK (("nft_offers"."type" = 'coupon') = ("nft_offers"."price_cents" = 0)),
	CONSTRAINT "nft_offers_minimum_coupons_check" CHECK ("nft_offers"."type" <> 'coupon' or "nft_offers"."quantity" >= 100),
	CONSTRAINT "nft_offers_cash_voucher_value_check" CHECK ("nft_offers"."type" <> 'cash_voucher' or "nft_offers"."price_cents" between 500 and 50000),
	CONSTRAINT "nft_offers_quantity_check" CHECK ("nft_offers"."quantity" is null or "nft_offers"."quantity" between 1 and 1000000),
	CONSTRAINT "nft_offers_min_order_check" CHECK ("nft_offers"."min_order_quantity" between 1 and 100),
	CONSTRAINT "nft_offers_dates_check" CHECK ("nft_offers"."end_date" is null or "nft_offers"."start_date" is null or "nft_offers"."end_date" >= "nft_offers"."start_date"),
	CONSTRAINT "nft_offers_validity_days_check" CHECK ("nft_offers"."validity_type" <> 'days' or "nft_offers"."validity_days" is not null),
	CONSTRAINT "nft_offers_campaign_end_check" CHECK ("nft_offers"."validity_type" <> 'campaign_end' or "nft_offers"."end_date" is not null),
	CONSTRAINT "nft_offers_vat_rate_check" CHECK ("nft_offers"."vat_rate" is null or "nft_offers"."vat_rate" in (19, 7, 0))
);
--> statement-breakpoint
CREATE TABLE "nft_photo_renditions" (
	"company_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "nft_photo_renditions_company_id_hash_width_pk" PRIMARY KEY("company_id","hash","width")
);
--> statement-breakpoint
CREATE TABLE "nft_photos" (
	"company_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_photos_company_id_hash_pk" PRIMARY KEY("company_id","hash")
);
--> statement-breakpoint
CREATE TABLE "nft_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"company_id" bigint NOT NULL,
	"app_user_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"purpose" text NOT NULL,
	"vat_rate" integer,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"payment_method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reserved_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"receipt_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_purchases_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "nft_purchases_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "nft_purchases_quantity_check" CHECK ("nft_purchases"."quantity" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "nft_receipt_numbers" (
	"company_id" bigint NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "nft_receipt_numbers_company_id_year_pk" PRIMARY KEY("company_id","year")
);
--> statement-breakpoint
CREATE TABLE "nft_redemptions" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"location_id" bigint NOT NULL,
	"app_user_id" bigint NOT NULL,
	"with_pin" boolean NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint,
	"purchase_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"app_user_id" bigint NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "nft_refunds_item_id_unique" UNIQUE("item_id")
);
--> statement-breakpoint
CREATE TABLE "nft_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_transfer_id" text,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"items" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_transfers_provider_transfer_id_unique" UNIQUE("provider_transfer_id")
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"onboarding_token" text NOT NULL,
	"return_url" text,
	"refresh_url" text,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_accounts_onboarding_token_unique" UNIQUE("onboarding_token")
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"account_id" text,
	"related_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sandbox_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "nft_item_events" ADD CONSTRAINT "nft_item_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_item_events" ADD CONSTRAINT "nft_item_events_offer_id_nft_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."nft_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_item_events" ADD CONSTRAINT "nft_item_events_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_item_events" ADD CONSTRAINT "nft_item_events_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_item_events" ADD CONSTRAINT "nft_item_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_offer_id_nft_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."nft_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_purchase_id_nft_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."nft_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_transfer_id_nft_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."nft_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_redeemed_location_id_locations_id_fk" FOREIGN KEY ("redeemed_location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offer_events" ADD CONSTRAINT "nft_offer_events_offer_id_nft_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."nft_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offer_events" ADD CONSTRAINT "nft_offer_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offer_locations" ADD CONSTRAINT "nft_offer_locations_offer_id_nft_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."nft_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offer_locations" ADD CONSTRAINT "nft_offer_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offers" ADD CONSTRAINT "nft_offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offers" ADD CONSTRAINT "nft_offers_industry_id_categories_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offers" ADD CONSTRAINT "nft_offers_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_offers" ADD CONSTRAINT "nft_offers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_photo_renditions" ADD CONSTRAINT "nft_photo_renditions_company_id_hash_nft_photos_company_id_hash_fk" FOREIGN KEY ("company_id","hash") REFERENCES "public"."nft_photos"("company_id","hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_photos" ADD CONSTRAINT "nft_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_purchases" ADD CONSTRAINT "nft_purchases_offer_id_nft_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."nft_offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_purchases" ADD CONSTRAINT "nft_purchases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_purchases" ADD CONSTRAINT "nft_purchases_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_receipt_numbers" ADD CONSTRAINT "nft_receipt_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_redemptions" ADD CONSTRAINT "nft_redemptions_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_redemptions" ADD CONSTRAINT "nft_redemptions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_redemptions" ADD CONSTRAINT "nft_redemptions_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_refunds" ADD CONSTRAINT "nft_refunds_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_refunds" ADD CONSTRAINT "nft_refunds_purchase_id_nft_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."nft_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_refunds" ADD CONSTRAINT "nft_refunds_app_user_id_app_users_id_fk" FOREIGN KEY ("app_user_id") REFERENCES "public"."app_users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_transfers" ADD CONSTRAINT "nft_transfers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_sandbox_accounts" ADD CONSTRAINT "payment_sandbox_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_item_events_company_idx" ON "nft_item_events" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nft_item_events_company_kind_idx" ON "nft_item_events" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_one_coupon_unique" ON "nft_items" USING btree ("offer_id","app_user_id") WHERE "nft_items"."purchase_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_claim_idempotency_unique" ON "nft_items" USING btree ("app_user_id","idempotency_key") WHERE "nft_items"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "nft_items_wallet_idx" ON "nft_items" USING btree ("app_user_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_company_idx" ON "nft_items" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_purchase_idx" ON "nft_items" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "nft_items_transfer_due_idx" ON "nft_items" USING btree ("transfer_due_at") WHERE "nft_items"."transfer_id" is null and "nft_items"."state" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "nft_offer_events_offer_idx" ON "nft_offer_events" USING btree ("offer_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_offer_locations_location_idx" ON "nft_offer_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "nft_offers_company_state_idx" ON "nft_offers" USING btree ("company_id","state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nft_offers_queue_idx" ON "nft_offers" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "nft_offers_market_idx" ON "nft_offers" USING btree ("state","industry_id");--> statement-breakpoint
CREATE INDEX "nft_offers_scheduled_start_idx" ON "nft_offers" USING btree ("start_date") WHERE "nft_offers"."state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "nft_offers_open_end_idx" ON "nft_offers" USING btree ("end_date") WHERE "nft_offers"."state" <> 'off_market';--> statement-breakpoint
CREATE UNIQUE INDEX "nft_purchases_idempotency_unique" ON "nft_purchases" USING btree ("app_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "nft_purchases_pending_idx" ON "nft_purchases" USING btree ("reserved_until") WHERE "nft_purchases"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "nft_purchases_company_idx" ON "nft_purchases" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_redemptions_idempotency_unique" ON "nft_redemptions" USING btree ("app_user_id","idempotency_key") WHERE "nft_redemptions"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "nft_refunds_idempotency_unique" ON "nft_refunds" USING btree ("app_user_id","idempotency_key") WHERE "nft_refunds"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "nft_refunds_purchase_idx" ON "nft_refunds" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "nft_transfers_company_idx" ON "nft_transfers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_sandbox_payments_kind_idx" ON "payment_sandbox_payments" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_nft_statement_unique" ON "invoices" USING btree ("company_id","period_start") WHERE kind = 'nft_statement' and status <> 'cancelled';