CREATE TABLE "chamado_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chamado_id" uuid NOT NULL,
	"autor_id" text,
	"da_firma" boolean NOT NULL,
	"corpo" text NOT NULL,
	"anexo" text,
	"anexo_nome" text,
	"anexo_bytes" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chamados" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"empresa_id" uuid NOT NULL,
	"autor_id" text,
	"laudo_id" uuid,
	"assunto" text NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chamados_status_ck" CHECK ("chamados"."status" in ('aberto', 'respondido', 'fechado'))
);
--> statement-breakpoint
ALTER TABLE "chamado_mensagens" ADD CONSTRAINT "chamado_mensagens_chamado_id_chamados_id_fk" FOREIGN KEY ("chamado_id") REFERENCES "public"."chamados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamado_mensagens" ADD CONSTRAINT "chamado_mensagens_autor_id_auth_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamados" ADD CONSTRAINT "chamados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamados" ADD CONSTRAINT "chamados_autor_id_auth_user_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chamados" ADD CONSTRAINT "chamados_laudo_id_laudos_id_fk" FOREIGN KEY ("laudo_id") REFERENCES "public"."laudos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chamado_mensagens_chamado_idx" ON "chamado_mensagens" USING btree ("chamado_id","criado_em");--> statement-breakpoint
CREATE INDEX "chamados_empresa_idx" ON "chamados" USING btree ("empresa_id","criado_em");--> statement-breakpoint
CREATE INDEX "chamados_status_idx" ON "chamados" USING btree ("status","criado_em");