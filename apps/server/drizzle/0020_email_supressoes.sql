CREATE TABLE "email_bounces_transitorios" (
	"email" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"ultimo_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_supressoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"motivo" text NOT NULL,
	"detalhe" text,
	"origem" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_supressoes_motivo_ck" CHECK ("email_supressoes"."motivo" in ('bounce_permanente', 'reclamacao', 'smtp_5xx')),
	CONSTRAINT "email_supressoes_origem_ck" CHECK ("email_supressoes"."origem" in ('ses', 'smtp'))
);
--> statement-breakpoint
CREATE TABLE "sns_mensagens" (
	"message_id" text PRIMARY KEY NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_runs" ADD COLUMN "suppressed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_supressoes_email_uq" ON "email_supressoes" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "email_supressoes_criado_em_idx" ON "email_supressoes" USING btree ("criado_em");