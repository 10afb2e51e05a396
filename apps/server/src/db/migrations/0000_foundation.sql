CREATE TABLE "agent_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"account_no" text NOT NULL,
	"staff_id" text,
	"product_code" text NOT NULL,
	"country" text NOT NULL,
	"promotion" text,
	"affiliation" text,
	"catalogue_code" text,
	"account_commission_rate" integer NOT NULL,
	"campaign_commission_rate" integer NOT NULL,
	"url" text,
	"campaign_title" text,
	"campaign_details" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_campaigns_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"agent_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"agency" text NOT NULL,
	"email" text NOT NULL,
	"tel" text NOT NULL,
	"registration_no" text NOT NULL,
	"country" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"country" text NOT NULL,
	"product" text NOT NULL,
	"title_en" text NOT NULL,
	"content_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"content_zh" text NOT NULL,
	"url" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"campaign_id" serial PRIMARY KEY NOT NULL,
	"campaign_code" text NOT NULL,
	"campaign_name" text NOT NULL,
	"status" text NOT NULL,
	"product_code" text NOT NULL,
	"catalogue_code" text,
	"country" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"p400_campaign" text,
	"marketing_message" text,
	"marketing_message_cn" text,
	"promo_code_required" boolean DEFAULT false NOT NULL,
	"promo_code_reusability" text DEFAULT 'REUSABLE' NOT NULL,
	"promo_code_description" text,
	"promo_code_description_cn" text,
	"discount_type" text DEFAULT 'PERCENT' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"image_file_name" text,
	"terms_conditions_en" text,
	"terms_conditions_cn" text,
	"created_by" text DEFAULT 'seed' NOT NULL,
	"updated_by" text DEFAULT 'seed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_name" text,
	"level" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"country" text NOT NULL,
	"message_en" text NOT NULL,
	"long_message_en" text NOT NULL,
	"message_zh" text NOT NULL,
	"long_message_zh" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_notices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"reserved_until" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_codes" (
	"agent_code" text NOT NULL,
	"country" text NOT NULL,
	"product_code" text NOT NULL,
	"staff_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_codes_agent_code_country_product_code_pk" PRIMARY KEY("agent_code","country","product_code")
);
--> statement-breakpoint
CREATE TABLE "sub_agents" (
	"agent_code" text NOT NULL,
	"sub_agent_code" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"tel" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_agents_agent_code_sub_agent_code_pk" PRIMARY KEY("agent_code","sub_agent_code")
);
--> statement-breakpoint
CREATE TABLE "system_flags" (
	"country" text PRIMARY KEY NOT NULL,
	"system_available" boolean DEFAULT true NOT NULL,
	"private_mode" boolean DEFAULT false NOT NULL,
	"paynow_available" boolean DEFAULT true NOT NULL,
	"senior_loading_available" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_campaigns" ADD CONSTRAINT "agent_campaigns_account_no_agents_agent_code_fk" FOREIGN KEY ("account_no") REFERENCES "public"."agents"("agent_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_campaign_id_campaigns_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("campaign_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_codes" ADD CONSTRAINT "staff_codes_agent_code_agents_agent_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("agent_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_agents" ADD CONSTRAINT "sub_agents_agent_code_agents_agent_code_fk" FOREIGN KEY ("agent_code") REFERENCES "public"."agents"("agent_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_campaigns_account_idx" ON "agent_campaigns" USING btree ("account_no","product_code","country");--> statement-breakpoint
CREATE INDEX "banners_country_product_idx" ON "banners" USING btree ("country","product");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_code_product_country_idx" ON "campaigns" USING btree ("campaign_code","product_code","country");--> statement-breakpoint
CREATE INDEX "client_logs_created_at_idx" ON "client_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_campaign_code_idx" ON "promo_codes" USING btree ("campaign_id","code");