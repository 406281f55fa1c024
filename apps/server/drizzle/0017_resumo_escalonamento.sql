ALTER TABLE "notification_rules" ADD COLUMN "tipos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "resumo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "escalar_apos_dias" integer DEFAULT 7;--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "out_of_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "digests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "digest_laudos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "escalations" integer DEFAULT 0 NOT NULL;