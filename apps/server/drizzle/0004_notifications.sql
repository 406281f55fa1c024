CREATE TABLE "monthly_reports" (
	"usuario_id" text NOT NULL,
	"month" date NOT NULL,
	"email_log_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monthly_reports_usuario_id_month_pk" PRIMARY KEY("usuario_id","month")
);
--> statement-breakpoint
CREATE TABLE "notification_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"origin" text NOT NULL,
	"as_of" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"rules" text[] DEFAULT '{}'::text[] NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"already_sent" integer DEFAULT 0 NOT NULL,
	"without_email" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "scheduler_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_by" text,
	"last_check_at" timestamp with time zone,
	CONSTRAINT "scheduler_state_singleton_ck" CHECK ("scheduler_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "notification_history" ADD COLUMN "email_log_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_logs" ADD COLUMN "email_log_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "weekday" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "last_run_date" date;--> statement-breakpoint
ALTER TABLE "notification_rules" ADD COLUMN "last_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_usuario_id_auth_user_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_email_log_id_email_logs_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_runs_started_at_idx" ON "notification_runs" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "notification_history" ADD CONSTRAINT "notification_history_email_log_id_email_logs_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_logs" ADD CONSTRAINT "notification_logs_email_log_id_email_logs_id_fk" FOREIGN KEY ("email_log_id") REFERENCES "public"."email_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_email_log_uq" ON "email_outbox" USING btree ("email_log_id");--> statement-breakpoint
CREATE INDEX "notification_history_email_log_idx" ON "notification_history" USING btree ("email_log_id");--> statement-breakpoint
CREATE INDEX "notification_logs_email_log_idx" ON "notification_logs" USING btree ("email_log_id");--> statement-breakpoint
CREATE INDEX "notification_logs_scheduled_date_idx" ON "notification_logs" USING btree ("scheduled_date");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_rules_slug_uq" ON "notification_rules" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "notification_rules" ADD CONSTRAINT "notification_rules_weekday_ck" CHECK ("notification_rules"."weekday" between 0 and 6);